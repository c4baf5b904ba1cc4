import { Upload } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { DC_MESSAGES } from '@/lib/staff/files';

// The parts every block of the data area is made of: the titled section, its error and
// list states, and the CSV picker.

/**
 * A German compound as it may break at narrow widths: soft hyphens (U+00AD) where the words
 * join, so 'Geschäftspartnernummern' breaks as 'Geschäfts-' and 'partnernummern' instead of
 * leaving its card at 360 px (issue 58). Only for what is shown; names and labels keep the plain text.
 */
const BREAKS: [RegExp, string][] = [[/Geschäftspartnernummern/g, 'Geschäfts\u00adpartner\u00adnummern']];
export function breakable(text: string): string {
  return BREAKS.reduce((t, [word, broken]) => t.replace(word, broken), text);
}

export function Block({ title, help, children }: { title: string; help?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm max-sm:p-4">
      <h2 className="text-xl font-bold break-words hyphens-manual">{breakable(title)}</h2>
      {help && <div className="mt-2 text-sm text-slate-700">{help}</div>}
      {children}
    </section>
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

/** What an action of the block did: its success notice, or its refusal. */
export function Outcome({ notice, error }: { notice: string | null; error: string | null }) {
  return (
    <>
      {notice && (
        <Alert tone="success" className="mt-4">
          {notice}
        </Alert>
      )}
      <ErrorAlert message={error} />
    </>
  );
}

/** 'Zurück · Seite 2 von 5 · Weiter' under a list of several pages; nothing for one page. */
export function Pager({
  label,
  page,
  totalPages,
  onPage,
  extra,
}: {
  label: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  extra?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex items-center gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Zurück
      </Button>
      <span className="text-sm text-slate-700">
        Seite {page} von {totalPages}
        {extra ? ` (${extra})` : ''}
      </span>
      <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Weiter
      </Button>
    </nav>
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
        <span className="min-w-0 break-words hyphens-manual">{busy ? 'Wird hochgeladen...' : breakable(label)}</span>
      </Button>
    </>
  );
}
