import { RefreshCw, Upload } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

import {
  createUserFile,
  DC_MESSAGES,
  fileUrl,
  listBusinessPartnerFiles,
  listRegistrationFiles,
  listSalesFiles,
  listUserFiles,
  uploadBusinessPartnerFile,
  uploadSalesFile,
  type FileRecord,
} from '../api/files';
import { columns, dash, DownloadButton, FileTable, type Column } from './file-table';

const LOCAL_LIST = 5;
const NOTICE_MS = 5000;
export const AUDIT_NOTICE_MS = 3000;

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
  const [state, setState] = useState<{ records: FileRecord[]; loading: boolean; error: string | null }>({
    records: [],
    loading: true,
    error: null,
  });
  const reload = useCallback(async () => {
    try {
      const records = await load();
      setState({ records, loading: false, error: null });
    } catch (err) {
      console.error(err);
      setState((s) => ({ ...s, loading: false, error: failMessage }));
    }
  }, [load, failMessage]);
  useEffect(() => {
    let live = true;
    load()
      .then((records) => live && setState({ records, loading: false, error: null }))
      .catch((err: unknown) => {
        console.error(err);
        if (live) setState((s) => ({ ...s, loading: false, error: failMessage }));
      });
    return () => {
      live = false;
    };
  }, [load, failMessage]);
  const prepend = (record: FileRecord) =>
    setState((s) => ({ ...s, records: [record, ...s.records.filter((r) => r.id !== record.id)].slice(0, LOCAL_LIST) }));
  return { ...state, reload, prepend };
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
  const files = useFiles(listRegistrationFiles, DC_MESSAGES.loadFailed);
  const { download, error } = useDownload();
  const cols: Column[] = [
    columns.file,
    columns.createdOn,
    { header: 'Registrierungen', cell: (r) => String(r.totalRows ?? 0) },
    {
      header: 'Download',
      cell: (r) => <DownloadButton label={`${r.filename} herunterladen`} disabled={!r.id} onClick={() => void download(r, 'file')} />,
    },
  ];
  return (
    <Block title="Registrierungsdaten" help="Die Dateien der registrierten Werkstätten; die Datei wird täglich neu erstellt.">
      <ListState loading={files.loading} error={files.error} empty={files.records.length === 0} />
      {files.records.length > 0 && <FileTable caption="Registrierungsdateien" records={files.records} cols={cols} />}
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
    </Block>
  );
}

export function statusCell(r: FileRecord) {
  if (r.status === 'failed') return <span className="text-red-700">Fehlgeschlagen{r.errorMessage ? `: ${r.errorMessage}` : ''}</span>;
  if (r.status === 'done' || !r.status) return 'Verarbeitet';
  return `In Verarbeitung (${r.progress ?? 0} %)`;
}

export function SalesUploadBlock() {
  const files = useFiles(listSalesFiles, DC_MESSAGES.salesLoadFailed);
  const { download, error: downloadError } = useDownload();
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState<FileRecord | null>(null);
  const [notice, setNotice] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setError(null);
    setBusy(true);
    setLive(null);
    try {
      const record = await uploadSalesFile(file, setLive);
      files.prepend(record);
      setNotice(true);
      setTimeout(() => {
        setNotice(false);
        void files.reload().then(() => files.prepend(record));
      }, NOTICE_MS);
    } catch (err) {
      console.error(err);
      setError(err instanceof Error && err.message === DC_MESSAGES.noPermission ? DC_MESSAGES.noPermission : DC_MESSAGES.salesUploadFailed);
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
    { header: 'davon unverändert', cell: (r) => dash(r.unchangedDataCount) },
    { header: 'davon aktualisiert', cell: (r) => dash(r.updatedDataCount) },
    { header: 'davon neu', cell: (r) => dash(r.newDataCount) },
    { header: 'Fehlerhafte Zeilen', cell: (r) => dash(r.failedProcessedRows) },
    {
      header: 'Fehler-CSV',
      cell: (r) => (
        <DownloadButton label={`Fehlerhafte Zeilen von ${r.filename} herunterladen`} onClick={() => void download(r, 'failedRowsCsv')} />
      ),
    },
  ];

  return (
    <Block
      title="Umsatzdaten hochladen"
      help={
        <>
          <p>
            Die CSV-Datei muss genau die Felder <code>user</code> (User-ID), <code>bnr</code> (Haupt-Betriebsnummer des Leistungszentrums),{' '}
            <code>knr</code> (Kundennummer), <code>gpnr</code> (Geschäftspartnernummer), <code>deliverydate</code> (z. B. 2025-03-21) und{' '}
            <code>sales</code> enthalten, getrennt durch Komma oder Semikolon.
          </p>
          <p className="mt-1">
            Die Verarbeitung kann länger als 5 Sekunden dauern. Den Fortschritt sehen Sie hier live; sollte er stehen bleiben, aktualisieren
            Sie die Seite bitte manuell.
          </p>
        </>
      }
    >
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <CsvUploadButton
          label="Umsatzdaten hochladen"
          busy={busy}
          onFile={(f) => void upload(f)}
          onInvalid={() => setError(DC_MESSAGES.csvOnly)}
        />
      </div>
      {(busy || notice) && (
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
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      {downloadError && (
        <Alert tone="error" className="mt-4">
          {downloadError}
        </Alert>
      )}
      <ListState loading={files.loading} error={files.error} empty={files.records.length === 0} />
      {files.records.length > 0 && <FileTable caption="Hochgeladene Umsatzdateien" records={files.records} cols={cols} />}
    </Block>
  );
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
    columns.createdOn,
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
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      {downloadError && (
        <Alert tone="error" className="mt-4">
          {downloadError}
        </Alert>
      )}
      <ListState loading={files.loading} error={files.error} empty={files.records.length === 0} />
      {files.records.length > 0 && <FileTable caption="Userdaten-Dateien" records={files.records} cols={cols} />}
    </Block>
  );
}

export function BusinessPartnerBlock() {
  const files = useFiles(listBusinessPartnerFiles, DC_MESSAGES.filesLoadFailed);
  const { download, error: downloadError } = useDownload();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File) => {
    setError(null);
    setBusy(true);
    try {
      files.prepend(await uploadBusinessPartnerFile(file));
      setNotice(true);
      setTimeout(() => {
        setNotice(false);
        void files.reload();
      }, NOTICE_MS);
    } catch (err) {
      console.error(err);
      setError(DC_MESSAGES.uploadFailed);
    } finally {
      setBusy(false);
    }
  };
  const cols: Column[] = [
    columns.file,
    columns.uploadedOn,
    { header: 'Status', cell: statusCell },
    { header: 'Erfolgreiche Zeilen', cell: (r) => dash(r.successfullyProcessedRows) },
    { header: 'Fehlerhafte Zeilen', cell: (r) => dash(r.failedProcessedRows) },
    {
      header: 'Fehler-CSV',
      cell: (r) => (
        <DownloadButton label={`Fehlerhafte Zeilen von ${r.filename} herunterladen`} onClick={() => void download(r, 'failedRowsCsv')} />
      ),
    },
  ];
  return (
    <Block
      title="Geschäftspartnernummern hochladen"
      help={
        <p>
          CSV mit den Spalten <code>user</code>, <code>bnr</code>, <code>knr</code> und <code>gpnr</code>. Die gpnr wird an der Verknüpfung
          der Werkstatt mit dem Leistungszentrum dieser bnr gespeichert.
        </p>
      }
    >
      <div className="mt-4">
        <CsvUploadButton
          label="Geschäftspartnernummern hochladen"
          busy={busy}
          onFile={(f) => void upload(f)}
          onInvalid={() => setError(DC_MESSAGES.csvOnly)}
        />
      </div>
      {notice && (
        <div className="mt-4" aria-live="polite">
          <Spinner label={DC_MESSAGES.processing} />
        </div>
      )}
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      {downloadError && (
        <Alert tone="error" className="mt-4">
          {downloadError}
        </Alert>
      )}
      <ListState loading={files.loading} error={files.error} empty={files.records.length === 0} />
      {files.records.length > 0 && (
        <FileTable caption="Geschäftspartnernummer-Dateien" records={files.records} cols={cols} maxHeight={400} />
      )}
    </Block>
  );
}
