import { useState, type ReactNode } from 'react';

import { Spinner } from '@/components/ui/spinner';
import { SessionError } from '@/lib/auth';
import { DC_MESSAGES, PermissionError, type FileRecord } from '@/lib/staff/files';

import { Block, CsvUploadButton, ErrorAlert, ListState } from './block';
import { useDownload, useFiles } from './file-downloads';
import { columns, dash, DownloadButton, FileTable, type Column } from './file-table';

export const NOTICE_MS = 5000;

/** States after which the server does nothing more with a file. */
const SETTLED = new Set(['done', 'failed', 'held', 'discarded']);

/** Whether the record the upload answered is already final (the server processed it in the request). */
export function isSettled(record: Pick<FileRecord, 'status'>): boolean {
  return !record.status || SETTLED.has(record.status);
}

interface UploadBlockProps {
  title: string;
  help: ReactNode;
  buttonLabel: string;
  caption: string;
  list: () => Promise<FileRecord[]>;
  listFailed: string;
  /** Uploads the file; `onRecord` sees the stored record while the server works on it. */
  upload: (file: File, onRecord: (record: FileRecord) => void) => Promise<FileRecord>;
  uploadFailed: string;
  /** How long 'Die Daten werden verarbeitet...' shows before the list reloads (SPEC section 9). */
  noticeMs?: number;
  noFailedRows?: string;
  /** Columns between the successful and the failed rows. */
  countColumns?: Column[];
  maxHeight?: number;
  /** Shows the processing notice and the live progress while the upload request runs. */
  liveProgress?: boolean;
  /** Keeps the new record on top after the reload (lists that fetch fewer than the local 5). */
  keepOnTop?: boolean;
  /** Told of each stored upload (after the server answered). */
  onUploaded?: (record: FileRecord) => void;
}

/**
 * A CSV upload with its table (SPEC section 2): the `.csv` check, 'Wird hochgeladen...', the
 * processing notice, the new record on top, a reload after the notice, failed rows through a
 * file token, and SPEC's messages.
 */
export function UploadBlock(props: UploadBlockProps) {
  const { noticeMs = NOTICE_MS, noFailedRows = DC_MESSAGES.noFailedRows } = props;
  const files = useFiles(props.list, props.listFailed);
  const { download, error: downloadError } = useDownload(noFailedRows);
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState<FileRecord | null>(null);
  const [notice, setNotice] = useState(false);
  const [finished, setFinished] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setError(null);
    setFinished(null);
    setBusy(true);
    setLive(null);
    try {
      const record = await props.upload(file, setLive);
      files.prepend(record);
      props.onUploaded?.(record);
      // SPEC section 9's notice covers processing that goes on after the upload; a file the server
      // already finished is not 'being processed' (issue 35, decision 036): its row says so at once.
      if (isSettled(record)) setFinished(`${record.filename}: ${DC_MESSAGES.finished}`);
      else setNotice(true);
      setTimeout(() => {
        setNotice(false);
        void files.reload().then(() => props.keepOnTop && files.prepend(record));
      }, noticeMs);
    } catch (err) {
      console.error(err);
      // A refusal of the person (no right, no session) says what to do; anything else is the upload's failure.
      setError(err instanceof PermissionError || err instanceof SessionError ? err.message : props.uploadFailed);
    } finally {
      setBusy(false);
      setLive(null);
    }
  };

  const cols: Column[] = [
    columns.file,
    columns.uploadedOn,
    { header: 'Status', cell: statusCell },
    { header: 'Erfolgreiche Zeilen', cell: (r) => dash(r.successfullyProcessedRows) },
    ...(props.countColumns ?? []),
    { header: 'Fehlerhafte Zeilen', cell: (r) => dash(r.failedProcessedRows) },
    {
      header: 'Fehler-CSV',
      // Nothing to download when no row failed: '-' as for any missing value (SPEC section 7).
      cell: (r) =>
        r.failedProcessedRows === 0 ? (
          '-'
        ) : (
          <DownloadButton label={`Fehlerhafte Zeilen von ${r.filename} herunterladen`} onClick={() => void download(r, 'failedRowsCsv')} />
        ),
    },
  ];

  return (
    <Block title={props.title} help={props.help}>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <CsvUploadButton
          label={props.buttonLabel}
          busy={busy}
          onFile={(f) => void upload(f)}
          onInvalid={() => setError(DC_MESSAGES.csvOnly)}
        />
      </div>
      {(notice || (props.liveProgress && busy)) && (
        <div className="mt-4" aria-live="polite">
          <Spinner label={DC_MESSAGES.processing} />
          {live && (
            <div className="mt-2">
              <div
                role="progressbar"
                aria-label="Fortschritt des Imports"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={live.progress ?? 0}
                className="h-2 rounded-full bg-slate-200"
              >
                <div className="h-2 rounded-full bg-brand-700 transition-all" style={{ width: `${live.progress ?? 0}%` }} />
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {live.filename}: {live.progress ?? 0} %
              </p>
            </div>
          )}
        </div>
      )}
      {finished && (
        <p className="mt-4 text-sm text-slate-800" role="status">
          {finished}
        </p>
      )}
      <ErrorAlert message={error} />
      <ErrorAlert message={downloadError} />
      <ListState loading={files.loading} error={files.error} empty={files.records.length === 0} />
      {files.records.length > 0 && <FileTable caption={props.caption} records={files.records} cols={cols} maxHeight={props.maxHeight} />}
    </Block>
  );
}

export function statusCell(r: FileRecord) {
  if (r.status === 'failed') return <span className="text-red-700">Fehlgeschlagen{r.errorMessage ? `: ${r.errorMessage}` : ''}</span>;
  if (r.status === 'held') return <span className="font-semibold text-amber-800">Wartet auf Freigabe (siehe „Importe zur Freigabe“)</span>;
  if (r.status === 'discarded') return 'Verworfen';
  if (r.status === 'done' || !r.status) return 'Verarbeitet';
  return `In Verarbeitung (${r.progress ?? 0} %)`;
}
