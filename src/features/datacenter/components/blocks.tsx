import { RefreshCw, Upload } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLoad } from '@/hooks/use-load';
import { useSessionStore } from '@/stores/session';

import {
  createRegistrationFile,
  createUserFile,
  DC_MESSAGES,
  fileUrl,
  listRegistrationFiles,
  listUserFiles,
  type FileRecord,
} from '../api/files';
import { columns, dash, DownloadButton, FileTable, type Column } from './file-table';

const LOCAL_LIST = 5;

export function Block({ title, help, children }: { title: string; help?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-xl font-bold">{title}</h2>
      {help && <div className="mt-2 text-sm text-slate-700">{help}</div>}
      {children}
    </section>
  );
}

export function useFiles(load: () => Promise<FileRecord[]>, failMessage: string) {
  const files = useLoad<FileRecord[]>(load, []);
  const prepend = (record: FileRecord) =>
    files.update((records) => [record, ...records.filter((r) => r.id !== record.id)].slice(0, LOCAL_LIST));
  return { records: files.data, loading: files.loading, error: files.failed ? failMessage : null, reload: files.reload, prepend };
}

/** Downloads through a file token; failed-row files open in a new tab (SPEC section 7). */
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
        window.open(url, '_blank', 'noopener');
      } else {
        // Through a blob, so the file is saved under its own name (the server's header names the stored copy).
        const res = await fetch(url);
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const href = URL.createObjectURL(await res.blob());
        const a = document.createElement('a');
        a.href = href;
        a.download = record.filename;
        document.body.appendChild(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(href), 1000);
      }
    } catch (err) {
      console.error(err);
      setError(field === 'file' ? DC_MESSAGES.downloadFailed : DC_MESSAGES.failedRowsDownloadFailed);
    }
  };
  return { download, error };
}

export function CsvUploadButton({
  label,
  busy,
  onFile,
  onInvalid,
}: {
  label: string;
  busy: boolean;
  onFile: (f: File) => void;
  onInvalid: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label} (CSV-Datei)
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          if (!file.name.toLowerCase().endsWith('.csv')) onInvalid();
          else onFile(file);
        }}
      />
      <Button disabled={busy} onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" className="size-4" />
        {busy ? 'Wird hochgeladen...' : label}
      </Button>
    </>
  );
}

export function ErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert tone="error" className="mt-4">
      {message}
    </Alert>
  );
}

export function ListState({ loading, error, empty }: { loading: boolean; error: string | null; empty: boolean }) {
  if (loading)
    return (
      <div className="mt-4">
        <Spinner label="Wird geladen..." />
      </div>
    );
  if (error)
    return (
      <Alert tone="error" className="mt-4">
        {error}
      </Alert>
    );
  if (empty) return <p className="mt-4 text-slate-700">{DC_MESSAGES.noFiles}</p>;
  return null;
}

export function RegistrationFilesBlock() {
  const role = useSessionStore((s) => s.role);
  const files = useFiles(listRegistrationFiles, DC_MESSAGES.loadFailed);
  const { download, error } = useDownload();
  const [busy, setBusy] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const create = async () => {
    setCreateError(null);
    setBusy(true);
    try {
      files.prepend(await createRegistrationFile());
    } catch (err) {
      console.error(err);
      setCreateError(DC_MESSAGES.registrationFileCreateFailed);
    } finally {
      setBusy(false);
    }
  };
  const cols: Column[] = [
    columns.file,
    columns.createdAt,
    { header: 'Registrierungen', cell: (r) => String(r.totalRows ?? 0) },
    {
      header: 'Download',
      cell: (r) => <DownloadButton label={`${r.filename} herunterladen`} disabled={!r.id} onClick={() => void download(r, 'file')} />,
    },
  ];
  return (
    <Block title="Registrierungsdaten" help="Die Dateien der registrierten Werkstätten; die Datei wird täglich neu erstellt.">
      {role === 'Administrator' && (
        <div className="mt-4">
          <Button disabled={busy} onClick={() => void create()}>
            {busy ? 'Wird erstellt...' : 'Neue Registrierungsdatei erstellen'}
          </Button>
        </div>
      )}
      <ErrorAlert message={createError} />
      <ListState loading={files.loading} error={files.error} empty={files.records.length === 0} />
      {files.records.length > 0 && <FileTable caption="Registrierungsdateien" records={files.records} cols={cols} />}
      <ErrorAlert message={error} />
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

export function UserFilesBlock() {
  const files = useFiles(listUserFiles, DC_MESSAGES.userFilesLoadFailed);
  const { download, error: downloadError } = useDownload();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = async () => {
    setError(null);
    setBusy(true);
    try {
      files.prepend(await createUserFile());
    } catch (err) {
      console.error(err);
      setError(DC_MESSAGES.userFileCreateFailed);
    } finally {
      setBusy(false);
    }
  };
  const cols: Column[] = [
    columns.file,
    columns.createdAt,
    { header: 'Registrierte User', cell: (r) => dash(r.totalUsers) },
    {
      header: 'Download',
      cell: (r) => <DownloadButton label={`${r.filename} herunterladen`} disabled={!r.file} onClick={() => void download(r, 'file')} />,
    },
  ];
  return (
    <Block
      title="Userdaten herunterladen"
      help="Eine Zeile je Werkstatt und verknüpftem Leistungszentrum, mit Kontakt, Adresse, bnr, knr und gpnr."
    >
      <div className="mt-4 flex flex-wrap gap-3">
        <Button disabled={busy} onClick={() => void create()}>
          {busy ? 'Wird erstellt...' : 'Neue Userdaten-Datei erstellen'}
        </Button>
        <Button variant="outline" onClick={() => void files.reload()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Aktualisieren
        </Button>
      </div>
      <ErrorAlert message={error} />
      <ErrorAlert message={downloadError} />
      <ListState loading={files.loading} error={files.error} empty={files.records.length === 0} />
      {files.records.length > 0 && <FileTable caption="Userdaten-Dateien" records={files.records} cols={cols} />}
    </Block>
  );
}
