import { useState } from 'react';

import { useLoad } from '@/hooks/use-load';
import { fileUrl } from '@/lib/api/staff-file-url';
import { DC_MESSAGES, type FileRecord } from '@/lib/staff/files';
import { saveResponseAs } from '@/utils/save-file';

// Listing and downloading the data area's files.

const LOCAL_LIST = 5;

export function useFiles(load: () => Promise<FileRecord[]>, failMessage: string) {
  const files = useLoad<FileRecord[]>(load, []);
  const prepend = (record: FileRecord) =>
    files.update((records) => [record, ...records.filter((r) => r.id !== record.id)].slice(0, LOCAL_LIST));
  return { records: files.data, loading: files.loading, error: files.failed ? failMessage : null, reload: files.reload, prepend };
}

/** Downloads through a file token; failed-row files open in a new tab once the server has them (SPEC section 7). */
export function useDownload(noFailedRows: string = DC_MESSAGES.noFailedRows) {
  const [error, setError] = useState<string | null>(null);
  const download = async (record: FileRecord, field: 'file' | 'failedRowsCsv') => {
    setError(null);
    if (!record[field]) {
      setError(field === 'file' ? DC_MESSAGES.noFile : noFailedRows);
      return;
    }
    let url: string;
    try {
      url = await fileUrl(record, field);
    } catch (err) {
      console.error(err);
      setError(DC_MESSAGES.urlFailed);
      return;
    }
    try {
      if (field === 'failedRowsCsv') {
        // A new tab cannot tell this page that its file is missing: asked first, so the
        // message shows here instead of PocketBase's error in an empty tab.
        const found = await fetch(url, { method: 'HEAD' });
        if (!found.ok) throw new Error(`failed rows file: HTTP ${found.status}`);
        window.open(url, '_blank', 'noopener');
      } else {
        // Through a blob, so the file is saved under its own name (the server's header names the stored copy).
        await saveResponseAs(await fetch(url), record.filename);
      }
    } catch (err) {
      console.error(err);
      setError(field === 'file' ? DC_MESSAGES.downloadFailed : DC_MESSAGES.failedRowsDownloadFailed);
    }
  };
  return { download, error };
}
