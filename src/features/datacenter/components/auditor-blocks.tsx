import { zodResolver } from '@hookform/resolvers/zod';
import { Download, FilePlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { formatDate } from '@/utils/format';

import {
  createAuditFile,
  DC_MESSAGES,
  invoiceUrl,
  listAuditResults,
  newestAuditFile,
  uploadAuditResults,
  type FileRecord,
} from '../api/files';
import { AUDIT_NOTICE_MS, Block, CsvUploadButton, ListState, statusCell, useDownload, useFiles } from './blocks';
import { columns, dash, DownloadButton, FileTable, type Column } from './file-table';

export function AuditFileBlock() {
  const [file, setFile] = useState<FileRecord | null>(null);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { download, error: downloadError } = useDownload();

  useEffect(() => {
    let live = true;
    newestAuditFile()
      .then((f) => live && setFile(f))
      .catch((err: unknown) => {
        console.error(err);
        if (live) setError(DC_MESSAGES.auditFileLoadFailed);
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);

  const fresh = async () => {
    setError(null);
    setBusy(true);
    try {
      setFile(await createAuditFile());
    } catch (err) {
      console.error(err);
      setError(DC_MESSAGES.fileFetchFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Block
      title="Prüfdatei herunterladen"
      help="Die Prüfdatei listet alle Einreichungen, die auf die Prüfung warten. Sie wird täglich neu erstellt."
    >
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {loading ? (
          <Spinner label="Wird geladen..." />
        ) : file ? (
          <Button onClick={() => void download(file, 'file')}>
            <Download aria-hidden="true" className="size-4" />
            Download Prüfdatei vom {formatDate(file.created)}
          </Button>
        ) : (
          <p className="text-slate-700">{DC_MESSAGES.noAuditFile}</p>
        )}
        <Button variant="outline" disabled={busy} onClick={() => void fresh()}>
          <FilePlus aria-hidden="true" className="size-4" />
          {busy ? 'Wird erstellt...' : 'Neue Prüfdatei erstellen'}
        </Button>
      </div>
      {file && <p className="mt-2 text-sm text-slate-700">{dash(file.totalRows)} Einreichungen in der Datei.</p>}
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
    </Block>
  );
}

export function AuditUploadBlock() {
  const files = useFiles(listAuditResults, DC_MESSAGES.auditResultsLoadFailed);
  const { download, error: downloadError } = useDownload(DC_MESSAGES.noAuditFailedRows);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File) => {
    setError(null);
    setBusy(true);
    try {
      files.prepend(await uploadAuditResults(file));
      setNotice(true);
      setTimeout(() => {
        setNotice(false);
        void files.reload();
      }, AUDIT_NOTICE_MS);
    } catch (err) {
      console.error(err);
      setError(DC_MESSAGES.auditUploadFailed);
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
      title="Prüfdatei hochladen"
      help={
        <>
          <p>Laden Sie die Prüfdatei nach der Bearbeitung wieder hoch, mit denselben Spalten.</p>
          <ul className="mt-1 list-disc pl-5">
            <li>
              <strong>Checked</strong>: 1, wenn die Rechnung vorhanden ist; 0, wenn nicht.
            </li>
            <li>
              <strong>Faulty</strong>: 0, wenn die Rechnung vollständig und lesbar ist; 1, wenn sie unlesbar oder unvollständig ist.
            </li>
          </ul>
        </>
      }
    >
      <div className="mt-4">
        <CsvUploadButton
          label="Prüfdatei hochladen"
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
      {files.records.length > 0 && <FileTable caption="Hochgeladene Prüfdateien" records={files.records} cols={cols} maxHeight={400} />}
    </Block>
  );
}

const invoiceSchema = z.object({ id: z.string().trim().min(1, DC_MESSAGES.invoiceIdRequired) });

export function InvoiceCheckBlock() {
  const [invoice, setInvoice] = useState<{ id: string; url: string; pdf: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [imageLoading, setImageLoading] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof invoiceSchema>>({ resolver: zodResolver(invoiceSchema), defaultValues: { id: '' } });

  const show = async ({ id }: { id: string }) => {
    setError(null);
    setInvoice(null);
    try {
      const found = await invoiceUrl(id);
      setImageLoading(!found.pdf);
      setInvoice({ id: id.trim(), ...found });
    } catch (err) {
      console.error(err);
      setError(DC_MESSAGES.invoiceFetchFailed);
    }
  };

  return (
    <Block title="Rechnung prüfen" help="Geben Sie die RechnungsID aus der Prüfdatei ein, um die hochgeladene Rechnung anzusehen.">
      <form noValidate onSubmit={handleSubmit(show)} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Rechnungs ID"
          className="sm:max-w-sm"
          autoComplete="off"
          spellCheck={false}
          error={errors.id?.message}
          {...register('id')}
        />
        <Button type="submit" disabled={isSubmitting} className="sm:mt-1.5">
          Rechnung anzeigen
        </Button>
      </form>
      {(isSubmitting || imageLoading) && (
        <div className="mt-4">
          <Spinner label="Rechnung wird geladen..." />
        </div>
      )}
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      {invoice && invoice.pdf && (
        <iframe title={`Rechnung ${invoice.id}`} src={invoice.url} className="mt-4 h-[70vh] w-full rounded border border-slate-300" />
      )}
      {invoice && !invoice.pdf && (
        <img
          src={invoice.url}
          alt={`Rechnung ${invoice.id}`}
          className={imageLoading ? 'hidden' : 'mt-4 max-h-[70vh] max-w-full rounded border border-slate-300'}
          onLoad={() => setImageLoading(false)}
          onError={() => {
            setImageLoading(false);
            setInvoice(null);
            setError(DC_MESSAGES.imageFailed);
          }}
        />
      )}
    </Block>
  );
}
