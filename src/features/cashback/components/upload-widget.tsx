import { FileText, Upload, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';

import { Button } from '@/components/ui/button';
import { cn } from '@/utils/cn';
import { INVOICE_ACCEPT, MESSAGES } from '@/rules';
import { formatFileSize } from '@/utils/format';

import { CASHBACK_MESSAGES, isInvoiceType, MAX_INVOICE_BYTES } from '../schemas/cashback';

interface UploadWidgetProps {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  progress: number | null;
}

/** Invoice picker: PNG, JPEG/JPG or PDF up to 5 MB, by button or drag and drop, removable, with upload progress. */
export function UploadWidget({ file, onChange, error, progress }: UploadWidgetProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [rejected, setRejected] = useState(false);
  const [dragging, setDragging] = useState(false);
  const shownError = rejected ? CASHBACK_MESSAGES.widgetRejected : error;

  const take = (candidate: File | undefined) => {
    if (!candidate) return;
    if (!isInvoiceType(candidate) || candidate.size > MAX_INVOICE_BYTES) {
      setRejected(true);
      onChange(null);
      return;
    }
    setRejected(false);
    onChange(candidate);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files[0]);
  };

  return (
    <div>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center',
          dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-400',
          shownError && 'border-red-700',
        )}
      >
        <Upload aria-hidden="true" className="size-8 text-brand-700" />
        <p className="text-slate-800">Rechnung hierher ziehen oder</p>
        <label htmlFor={id} className="sr-only">
          Rechnungsdatei
        </label>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={INVOICE_ACCEPT}
          className="sr-only"
          // Reached through the visible button; a focused invisible input would show no focus.
          tabIndex={-1}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            take(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button
          variant="outline"
          onClick={() => inputRef.current?.click()}
          aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
        >
          Datei auswählen
        </Button>
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {MESSAGES.invoiceHint}
        </p>
      </div>
      {file && (
        <div className="mt-3 flex items-center gap-3 rounded-md border border-slate-300 p-3">
          <FileText aria-hidden="true" className="size-6 text-brand-700" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold" title={file.name}>
              {file.name}
            </p>
            <p className="text-sm text-slate-700">{formatFileSize(file.size)}</p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange(null)}
            aria-label={`${file.name} entfernen`}
            disabled={progress !== null}
          >
            <X aria-hidden="true" className="size-4" />
            Entfernen
          </Button>
        </div>
      )}
      {progress !== null && (
        <div className="mt-3">
          <div
            role="progressbar"
            aria-label="Upload der Rechnung"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 rounded-full bg-slate-200"
          >
            <div className="h-2 rounded-full bg-brand-700 transition-all" style={{ width: `${progress}%` }} />
          </div>
          <p className="mt-1 text-sm text-slate-700" aria-live="polite">
            Hochgeladen: {progress} %
          </p>
        </div>
      )}
      {shownError && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {shownError}
        </p>
      )}
    </div>
  );
}
