import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { confidenceLabel, CORRECTABLE_FIELDS, germanDate, isSure, READ_FIELDS, READING, type ReadField } from '@/rules';
import { formatMoney } from '@/utils/format';

import { correctReading } from '../api/correct-reading';
import type { Reading, ReviewItem } from '../api/model';

/** A read or corrected value as the auditor reads it. */
function shown(field: ReadField, value: string) {
  if (!value) return '-';
  if (field === 'invoiceDate') return germanDate(value);
  if (field === 'gross' || field === 'net') return formatMoney(Number(value));
  return value;
}

/** The form value a correction starts from: the date and amounts as they are typed. */
function typed(field: ReadField, value: string) {
  if (!value) return '';
  if (field === 'invoiceDate') return germanDate(value);
  if (field === 'gross' || field === 'net') return Number(value).toFixed(2).replace('.', ',');
  return value;
}

/**
 * What the reader read from the invoice (issue 61): its state, each field with its confidence,
 * the one shown on the invoice, a correction per field (kept beside the read value), and the full
 * text. `onShow` marks a field on the invoice; `onCorrected` gets the submission as stored after a
 * correction.
 */
export function ReadingPanel({
  item,
  shownField,
  onShow,
  onCorrected,
  onOpenText,
}: {
  item: ReviewItem;
  shownField: ReadField | null;
  onShow: (field: ReadField | null) => void;
  onCorrected: (item: ReviewItem) => void;
  onOpenText: () => void;
}) {
  const reading: Reading = item.reading;
  const [editing, setEditing] = useState<ReadField | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [textOpen, setTextOpen] = useState(false);

  const save = async (field: ReadField) => {
    setBusy(true);
    setError(null);
    try {
      onCorrected(await correctReading(item.id, field, value));
      setEditing(null);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="Gelesen" className="mt-4">
      <h3 className="text-base font-bold text-slate-900">Gelesen</h3>
      {(reading.state === 'waiting' || reading.state === 'reading') && (
        <div className="mt-1">
          <Spinner label={`${READING.stateLabels[reading.state]} Die Felder erscheinen hier, sobald die Rechnung gelesen ist.`} />
        </div>
      )}
      {reading.state === 'failed' && (
        <p className="mt-1 text-amber-900">
          {READING.stateLabels.failed}: {reading.reason}
        </p>
      )}
      {reading.state === 'read' && (
        <>
          <p className="mt-1 text-slate-700">{READING.kindLabels[reading.kind] ?? ''}</p>
          <ul className="mt-2 flex flex-col gap-2" aria-label="Gelesene Felder">
            {READ_FIELDS.map((field) => {
              const read = reading.fields[field];
              const corrected = reading.corrections[field];
              const sure = isSure(read);
              const matched = field === 'seller' || field === 'buyer' ? read?.match : undefined;
              return (
                <li key={field} aria-label={READING.fieldLabels[field]} className="border-b border-slate-200 pb-2">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="text-slate-700">{READING.fieldLabels[field]}</span>
                    <span className="text-slate-700">
                      Sicherheit: {corrected ? 'geprüft' : read?.value ? confidenceLabel(read.confidence) : '-'}
                    </span>
                  </div>
                  <p className={`break-words ${sure || corrected ? 'text-slate-900' : 'font-semibold text-amber-800'}`}>
                    {corrected ? (
                      <>
                        {shown(field, corrected.value)}{' '}
                        <span className="font-normal text-slate-700">(korrigiert; gelesen: {shown(field, corrected.read)})</span>
                      </>
                    ) : (
                      shown(field, read?.value ?? '')
                    )}
                    {matched === false && <span className="block text-amber-800">nicht zugeordnet</span>}
                  </p>
                  {editing === field ? (
                    <form
                      className="mt-2 flex flex-col gap-2"
                      onSubmit={(e) => {
                        e.preventDefault();
                        void save(field);
                      }}
                    >
                      <TextField
                        label={`${READING.fieldLabels[field]} richtig`}
                        value={value}
                        onChange={(e) => setValue(e.target.value)}
                        error={error ?? undefined}
                        autoFocus
                      />
                      <div className="flex gap-2">
                        <Button type="submit" size="sm" disabled={busy}>
                          Speichern
                        </Button>
                        <Button type="button" size="sm" variant="outline" onClick={() => setEditing(null)}>
                          Abbrechen
                        </Button>
                      </div>
                    </form>
                  ) : (
                    <div className="mt-1 flex flex-wrap gap-1">
                      {read?.box && (
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          aria-pressed={shownField === field}
                          aria-label={`${READING.fieldLabels[field]} auf der Rechnung zeigen`}
                          onClick={() => onShow(shownField === field ? null : field)}
                        >
                          Zeigen
                        </Button>
                      )}
                      {(CORRECTABLE_FIELDS as readonly string[]).includes(field) && (
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          aria-label={`${READING.fieldLabels[field]} korrigieren`}
                          onClick={() => {
                            setEditing(field);
                            setError(null);
                            setValue(typed(field, corrected?.value ?? read?.value ?? ''));
                          }}
                        >
                          Korrigieren
                        </Button>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <details
            className="mt-3"
            onToggle={(e) => {
              const open = (e.currentTarget as HTMLDetailsElement).open;
              setTextOpen(open);
              if (open) onOpenText();
            }}
          >
            <summary className="cursor-pointer text-slate-800">Gelesener Text</summary>
            {!textOpen ? null : item.text === undefined ? (
              <Spinner label="Text wird geladen …" />
            ) : (
              <pre className="mt-2 max-h-80 overflow-auto rounded border border-slate-200 bg-slate-50 p-2 text-xs whitespace-pre-wrap">
                {item.text || 'Kein Text gelesen.'}
              </pre>
            )}
          </details>
        </>
      )}
    </section>
  );
}
