import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { uploadStaffFile } from '@/lib/api/upload-staff-file';
import { DC_MESSAGES, type FileRecord } from '@/lib/staff/files';
import { signOut } from '@/testing/auth';

import { NOTICE_MS, UploadBlock } from './csv-upload-block';

// Issue 35: the processing notice stayed for 5 s after the row already said 'Verarbeitet'.

const record = (status: string): FileRecord =>
  ({
    id: 'f1',
    collectionId: 'c',
    collectionName: 'sales_data_files',
    filename: 'umsatz.csv',
    created: '2025-09-15',
    status,
  }) as FileRecord;

function renderBlock(answer: FileRecord, list: () => Promise<FileRecord[]>) {
  render(
    <UploadBlock
      title="Umsatzdaten hochladen"
      help="Hilfe"
      buttonLabel="Umsatzdaten hochladen"
      caption="Umsatzdateien"
      list={list}
      listFailed="Liste fehlgeschlagen"
      upload={() => Promise.resolve(answer)}
      uploadFailed="Upload fehlgeschlagen"
    />,
  );
}

async function choose() {
  const input = screen.getByLabelText('Umsatzdaten hochladen (CSV-Datei)');
  await act(async () => {
    fireEvent.change(input, { target: { files: [new File(['user,bnr\n'], 'umsatz.csv', { type: 'text/csv' })] } });
    await Promise.resolve();
  });
}

describe('the upload notice', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('a file the server already finished shows no processing spinner, only that it is done; the list still reloads', async () => {
    const list = vi.fn(() => Promise.resolve([] as FileRecord[]));
    renderBlock(record('done'), list);
    await choose();
    expect(screen.queryByText(DC_MESSAGES.processing)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(`umsatz.csv: ${DC_MESSAGES.finished}`);
    const loads = list.mock.calls.length;
    await act(async () => {
      vi.advanceTimersByTime(NOTICE_MS);
      await Promise.resolve();
    });
    expect(list.mock.calls.length).toBe(loads + 1);
  });

  it('a file still being processed shows SPEC’s notice for 5 s, then the list reloads', async () => {
    const list = vi.fn(() => Promise.resolve([] as FileRecord[]));
    renderBlock(record('processing'), list);
    await choose();
    expect(screen.getByText(DC_MESSAGES.processing)).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(NOTICE_MS);
      await Promise.resolve();
    });
    expect(screen.queryByText(DC_MESSAGES.processing)).toBeNull();
  });
});

describe('an upload without a session', () => {
  it("says 'Kein User eingeloggt…' in the block, not that the upload failed (SPEC section 8)", async () => {
    signOut();
    const sent = vi.spyOn(globalThis, 'fetch');
    render(
      <UploadBlock
        title="Geschäftspartnernummern hochladen"
        help="Hilfe"
        buttonLabel="Umsatzdaten hochladen"
        caption="Dateien"
        list={() => Promise.resolve([])}
        listFailed="Liste fehlgeschlagen"
        upload={(file) => uploadStaffFile('business_partner_number_files', file)}
        uploadFailed={DC_MESSAGES.uploadFailed}
      />,
    );
    await choose();
    expect(await screen.findByText('Kein User eingeloggt, melden Sie sich an oder registrieren Sie sich.')).toBeVisible();
    expect(screen.queryByText(DC_MESSAGES.uploadFailed)).toBeNull();
    expect(sent).not.toHaveBeenCalled();
    sent.mockRestore();
  });
});
