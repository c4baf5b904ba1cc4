import { zodResolver } from '@hookform/resolvers/zod';
import { Download, FilePlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { Block, ErrorAlert } from '@/components/staff/block';
import { useDownload } from '@/components/staff/file-downloads';
import { dash } from '@/components/staff/file-table';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useLoad } from '@/hooks/use-load';
import { DC_MESSAGES, type FileRecord } from '@/lib/staff/files';
import { z } from '@/lib/zod';
import { countOf, formatDate } from '@/utils/format';

import { createAuditFile } from '../api/create-audit-file';
import { loadAuditFile } from '../api/load-audit-file';
import { loadSubmission } from '../api/load-submission';
import type { ReviewItem } from '../api/model';
import { newestAuditFile } from '../api/newest-audit-file';
import { ReviewDetail } from './review-detail';
import { VerdictCorrection } from './verdict-correction';

export function AuditFileBlock() {
  const newest = useLoad<FileRecord | null>(newestAuditFile, null);
  const file = newest.data;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { download, error: downloadError } = useDownload();

  const fresh = async () => {
    setError(null);
    setBusy(true);
    // Made, then read back as stored: each step that fails says which it was (SPEC section 8).
    let step: string = DC_MESSAGES.fileCreateFailed;
    try {
      const created = await createAuditFile();
      step = DC_MESSAGES.fileFetchFailed;
      const stored = await loadAuditFile(created.id);
      newest.update(() => stored);
    } catch (err) {
      console.error(err);
      setError(step);
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
        {newest.loading ? (
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
      {file && (
        <p className="mt-2 text-sm text-slate-700">
          {file.totalRows == null ? dash(file.totalRows) + ' Einreichungen' : countOf(file.totalRows, 'Einreichung', 'Einreichungen')} in
          der Datei.
        </p>
      )}
      <ErrorAlert message={newest.failed ? DC_MESSAGES.auditFileLoadFailed : null} />
      <ErrorAlert message={error} />
      <ErrorAlert message={downloadError} />
    </Block>
  );
}

const invoiceSchema = z.object({ id: z.string().trim().min(1, DC_MESSAGES.invoiceIdRequired) });

export function InvoiceCheckBlock() {
  const [item, setItem] = useState<ReviewItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof invoiceSchema>>({ resolver: zodResolver(invoiceSchema), defaultValues: { id: '' } });

  // The same detail as the review queue (issue 18): the invoice beside its facts and signals.
  const show = async ({ id }: { id: string }) => {
    setError(null);
    setItem(null);
    try {
      setItem(await loadSubmission(id));
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
      {isSubmitting && (
        <div className="mt-4">
          <Spinner label="Rechnung wird geladen..." />
        </div>
      )}
      <ErrorAlert message={error} />
      {item && <ReviewDetail key={`${item.id}-${item.history.length}`} item={item} />}
      {item && <VerdictCorrection key={`${item.id}-${item.history.length}`} item={item} onCorrected={setItem} />}
    </Block>
  );
}
