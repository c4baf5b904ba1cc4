import { afterEach, describe, expect, it, vi } from 'vitest';

import { pb } from '@/lib/pocketbase';
import { DC_MESSAGES, userFileName } from '@/lib/staff/files';
import { signInAs, signOut } from '@/testing/auth';

import { LIVE_PROGRESS_WAIT_MS, uploadSalesFile } from './upload-sales-file';

describe('data area helpers', () => {
  it('names a new user file after the local date', () => {
    expect(userFileName(new Date(2025, 8, 5, 23, 30))).toBe('userfile_2025-09-05.csv');
  });

  it('refuses a sales upload for anyone but administrators and auditors before sending anything', async () => {
    signInAs('users');
    const file = new File(['user,bnr,knr,gpnr,deliverydate,sales\n'], 'umsatz.csv', { type: 'text/csv' });
    await expect(uploadSalesFile(file, () => {})).rejects.toThrow(DC_MESSAGES.noPermission);
  });

  describe('while every realtime connection is taken (decision 050)', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
      signOut();
    });

    /** The sales files' collection as the SDK gives it, with realtime that connects only when `connected` is called. */
    function salesFiles() {
      let connected: () => void = () => {};
      const unsubscribe = vi.fn(async () => {});
      const collection = {
        subscribe: vi.fn(() => new Promise<typeof unsubscribe>((resolve) => (connected = () => resolve(unsubscribe)))),
        create: vi.fn(async () => ({ id: 'umsatz000000001' })),
        getOne: vi.fn(async () => ({ id: 'umsatz000000001', filename: 'umsatz.csv', status: 'imported' })),
      };
      vi.spyOn(pb, 'collection').mockReturnValue(collection as never);
      const file = new File(['user,bnr,knr,gpnr,deliverydate,sales\n'], 'umsatz.csv', { type: 'text/csv' });
      return { collection, unsubscribe, connect: () => connected(), file };
    }

    it('an upload waits a moment for its live progress, then goes ahead without it and ends its listener once realtime comes', async () => {
      vi.useFakeTimers();
      signInAs('administrators');
      const { collection, unsubscribe, connect, file } = salesFiles();
      const upload = uploadSalesFile(file, () => {});
      await vi.advanceTimersByTimeAsync(LIVE_PROGRESS_WAIT_MS - 1);
      expect(collection.create).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await expect(upload).resolves.toEqual({ id: 'umsatz000000001', filename: 'umsatz.csv', status: 'imported' });
      expect(collection.create).toHaveBeenCalledTimes(1);
      // Realtime connects after the upload: its listener is stopped at once.
      expect(unsubscribe).not.toHaveBeenCalled();
      connect();
      await vi.waitFor(() => expect(unsubscribe).toHaveBeenCalledTimes(1));
    });

    it('with realtime there, the upload starts at once and its listener ends with it', async () => {
      vi.useFakeTimers();
      signInAs('auditors');
      const { collection, unsubscribe, connect, file } = salesFiles();
      const upload = uploadSalesFile(file, () => {});
      connect();
      // No time passes: only what was already due runs.
      await vi.advanceTimersByTimeAsync(0);
      expect(collection.create).toHaveBeenCalledTimes(1);
      await expect(upload).resolves.toMatchObject({ status: 'imported' });
      expect(collection.create).toHaveBeenCalledTimes(1);
      expect(unsubscribe).toHaveBeenCalledTimes(1);
    });
  });
});
