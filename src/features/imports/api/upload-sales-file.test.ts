import { describe, expect, it } from 'vitest';

import { DC_MESSAGES, userFileName } from '@/lib/staff/files';
import { signInAs } from '@/testing/auth';

import { uploadSalesFile } from './upload-sales-file';

describe('data area helpers', () => {
  it('names a new user file after the local date', () => {
    expect(userFileName(new Date(2025, 8, 5, 23, 30))).toBe('userfile_2025-09-05.csv');
  });

  it('refuses a sales upload for anyone but administrators and auditors before sending anything', async () => {
    signInAs('users');
    const file = new File(['user,bnr,knr,gpnr,deliverydate,sales\n'], 'umsatz.csv', { type: 'text/csv' });
    await expect(uploadSalesFile(file, () => {})).rejects.toThrow(DC_MESSAGES.noPermission);
  });
});
