import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { DC_MESSAGES, type FileRecord } from '@/lib/staff/files';

import { useDownload } from './file-downloads';

const record = (extra: Partial<FileRecord>): FileRecord =>
  ({
    id: 'f1',
    collectionId: 'c',
    collectionName: 'sales_data_files',
    filename: 'umsatz.csv',
    created: '2025-09-15',
    ...extra,
  }) as FileRecord;

describe('downloads in the data area', () => {
  it('says there are no failed rows when a file has none stored (SPEC section 8)', async () => {
    const { result } = renderHook(() => useDownload());
    await act(() => result.current.download(record({ failedProcessedRows: 2, failedRowsCsv: '' }), 'failedRowsCsv'));
    expect(result.current.error).toBe(DC_MESSAGES.noFailedRows);
  });

  it('uses the audit wording for the audit results', async () => {
    const { result } = renderHook(() => useDownload(DC_MESSAGES.noAuditFailedRows));
    await act(() => result.current.download(record({ failedRowsCsv: '' }), 'failedRowsCsv'));
    expect(result.current.error).toBe('Keine Datei mit fehlerhaften Zeilen verfügbar.');
  });

  it('says a file is missing when the record has none', async () => {
    const { result } = renderHook(() => useDownload());
    await act(() => result.current.download(record({ file: '' }), 'file'));
    expect(result.current.error).toBe(DC_MESSAGES.noFile);
  });
});
