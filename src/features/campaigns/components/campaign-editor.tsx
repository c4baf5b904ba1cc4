import { useId, useState, type ReactNode } from 'react';
import Markdown from 'react-markdown';

import { ErrorAlert } from '@/components/staff/block';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/text-field';
import {
  berlinDayMoment,
  CAMPAIGN_FIELD_LABELS as LABEL,
  CAMPAIGN_PHASE_LABELS,
  campaignFactProblems,
  campaignTextProblems,
  DATE_FACTS,
  END_OF_DAY_FACTS,
  fillPlaceholders,
  PLACEHOLDERS,
  type CampaignFactsInput,
  type CampaignTexts,
  type DateFact,
  type FaqPair,
  type FieldErrors,
} from '@/rules/campaigns';
import { berlinDay } from '@/rules/dates';

import { CAMPAIGN_UI_MESSAGES, CampaignRefusal, type AdminCampaign } from '../api/model';
import { releaseCampaign } from '../api/release-campaign';
import { saveCampaign } from '../api/save-campaign';

type Draft = Omit<CampaignFactsInput, 'year' | 'threshold' | 'reward'> & { year: string; threshold: string; reward: string } & Omit<
    CampaignTexts,
    'partsGroups'
  > & { partsGroups: string };

const dayOf = (value: string) => (value ? berlinDay(value).iso : '');
const amount = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.replace(/\./g, '').replace(',', '.')));

function toDraft(c: AdminCampaign): Draft {
  const dates = Object.fromEntries(DATE_FACTS.map((k) => [k, dayOf(c[k])])) as Record<DateFact, string>;
  return {
    name: c.name,
    year: String(c.year),
    codePrefix: c.codePrefix,
    threshold: String(c.threshold).replace('.', ','),
    reward: String(c.reward).replace('.', ','),
    contactEmail: c.contactEmail,
    ...dates,
    headline: c.headline,
    teaser: c.teaser,
    terms: c.terms,
    faq: c.faq.map((p) => ({ ...p })),
    partsGroups: c.partsGroups.map((g) => `${g.code};${g.name}`).join('\n'),
  };
}

/** The draft as the API takes it: numbers, Berlin days as moments, parts groups from 'CODE;Bezeichnung' lines. */
function toBody(d: Draft): CampaignFactsInput & CampaignTexts {
  const dates = Object.fromEntries(DATE_FACTS.map((k) => [k, berlinDayMoment(d[k], END_OF_DAY_FACTS.includes(k))])) as Record<
    DateFact,
    string
  >;
  return {
    name: d.name.trim(),
    year: Number(d.year),
    codePrefix: d.codePrefix.trim(),
    threshold: amount(d.threshold),
    reward: amount(d.reward),
    contactEmail: d.contactEmail.trim(),
    ...dates,
    headline: d.headline,
    teaser: d.teaser,
    terms: d.terms,
    faq: d.faq,
    partsGroups: d.partsGroups
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const [code = '', ...name] = line.split(';');
        return { code: code.trim(), name: name.join(';').trim() };
      }),
  };
}

function TextArea({
  label,
  value,
  onChange,
  error,
  rows = 4,
  hint,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  rows?: number;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {hint && <p className="text-sm text-slate-700">{hint}</p>}
      <textarea
        id={id}
        rows={rows}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 w-full rounded-md border border-slate-400 p-2 font-mono text-sm"
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The public texts as the landing page and the terms page will show them (placeholders filled). */
function Preview({ body }: { body: CampaignFactsInput & CampaignTexts }) {
  return (
    <section aria-label="Vorschau" className="mt-6 rounded-md border border-slate-300 bg-slate-50 p-4 text-sm">
      <h3 className="text-base font-bold">Vorschau</h3>
      <p className="mt-2 text-2xl font-extrabold">{fillPlaceholders(body.headline, body)}</p>
      <p className="text-lg font-bold text-brand-800">{fillPlaceholders(body.teaser, body)}</p>
      <div className="mt-4 [&_h2]:mt-4 [&_h2]:font-bold [&_li]:mt-1 [&_p]:mt-2 [&_ul]:list-disc [&_ul]:pl-6">
        <Markdown allowedElements={['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'br']} unwrapDisallowed>
          {fillPlaceholders(body.terms, body)}
        </Markdown>
      </div>
      <h4 className="mt-4 font-bold">Häufige Fragen</h4>
      <dl>
        {body.faq.map((p, i) => (
          <div key={i} className="mt-2">
            <dt className="font-semibold">{fillPlaceholders(p.question, body)}</dt>
            <dd>{fillPlaceholders(p.answer, body)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4">{body.partsGroups.length} berechtigte Teilegruppen.</p>
    </section>
  );
}

/**
 * One campaign's facts and texts, checked with the rulebook before they are sent and by the server
 * again (issue 60). A draft is released by a second administrator; once the period began the
 * server refuses changes to the frozen facts with its German field errors.
 */
export function CampaignEditor({ campaign, onChange }: { campaign: AdminCampaign; onChange: (c: AdminCampaign) => void }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(campaign));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [preview, setPreview] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const body = toBody(draft);

  const save = async () => {
    setNotice(null);
    setError(null);
    const found = { ...campaignTextProblems(body), ...campaignFactProblems(body) };
    setErrors(found);
    if (Object.keys(found).length > 0) return setError('Bitte prüfen Sie die markierten Felder.');
    setBusy(true);
    try {
      const saved = await saveCampaign(campaign.id, body);
      onChange(saved);
      setDraft(toDraft(saved));
      setNotice(CAMPAIGN_UI_MESSAGES.saved);
    } catch (err) {
      if (err instanceof CampaignRefusal) setErrors(err.fields);
      setError(err instanceof Error ? err.message : CAMPAIGN_UI_MESSAGES.saveFailed);
    } finally {
      setBusy(false);
    }
  };
  const release = async () => {
    setBusy(true);
    setError(null);
    try {
      const released = await releaseCampaign(campaign.id);
      onChange(released);
      setNotice(CAMPAIGN_UI_MESSAGES.released);
    } catch (err) {
      setError(err instanceof Error ? err.message : CAMPAIGN_UI_MESSAGES.releaseFailed);
    } finally {
      setAsking(false);
      setBusy(false);
    }
  };
  const field = (
    key: 'name' | 'year' | 'codePrefix' | 'threshold' | 'reward' | 'contactEmail',
    extra: { inputMode?: 'numeric' | 'decimal' } = {},
  ) => <TextField label={LABEL[key]} value={draft[key]} error={errors[key]} onChange={(e) => set(key, e.target.value)} {...extra} />;
  const setPair = (i: number, pair: Partial<FaqPair>) =>
    set(
      'faq',
      draft.faq.map((p, j) => (j === i ? { ...p, ...pair } : p)),
    );

  return (
    <section aria-label={`Aktion ${campaign.name} bearbeiten`} className="mt-6 border-t border-slate-200 pt-6">
      <h3 className="text-lg font-bold">
        {campaign.name} · {CAMPAIGN_PHASE_LABELS[campaign.phase]} · Textversion {campaign.textVersion}
      </h3>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {field('name')}
        {field('year', { inputMode: 'numeric' })}
        {field('codePrefix')}
        {field('contactEmail')}
        {field('threshold', { inputMode: 'decimal' })}
        {field('reward', { inputMode: 'decimal' })}
        {DATE_FACTS.map((key) => (
          <TextField
            key={key}
            type="date"
            label={LABEL[key]}
            value={draft[key]}
            error={errors[key]}
            onChange={(e) => set(key, e.target.value)}
          />
        ))}
      </div>
      <div className="mt-6 flex flex-col gap-4">
        <TextArea
          label={LABEL.headline}
          rows={1}
          value={draft.headline}
          error={errors.headline}
          onChange={(v) => set('headline', v)}
          hint={
            <>
              Platzhalter:{' '}
              {Object.keys(PLACEHOLDERS)
                .map((n) => `{{${n}}}`)
                .join(', ')}
            </>
          }
        />
        <TextArea label={LABEL.teaser} rows={2} value={draft.teaser} error={errors.teaser} onChange={(v) => set('teaser', v)} />
        <TextArea
          label={LABEL.terms}
          rows={12}
          value={draft.terms}
          error={errors.terms}
          onChange={(v) => set('terms', v)}
          hint="Markdown: ## Überschrift, - Aufzählung, **fett**."
        />
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">{LABEL.faq}</legend>
          {errors.faq && <p className="text-sm text-red-700">{errors.faq}</p>}
          {draft.faq.map((pair, i) => (
            <div key={i} className="mt-3 rounded-md border border-slate-200 p-3">
              <TextArea label={`Frage ${i + 1}`} rows={1} value={pair.question} onChange={(v) => setPair(i, { question: v })} />
              <TextArea label={`Antwort ${i + 1}`} rows={3} value={pair.answer} onChange={(v) => setPair(i, { answer: v })} />
              <Button
                variant="ghost"
                size="sm"
                onClick={() =>
                  set(
                    'faq',
                    draft.faq.filter((_, j) => j !== i),
                  )
                }
              >
                Frage {i + 1} entfernen
              </Button>
            </div>
          ))}
          <Button variant="outline" size="sm" className="mt-3" onClick={() => set('faq', [...draft.faq, { question: '', answer: '' }])}>
            Frage hinzufügen
          </Button>
        </fieldset>
        <TextArea
          label={LABEL.partsGroups}
          rows={8}
          value={draft.partsGroups}
          error={errors.partsGroups}
          onChange={(v) => set('partsGroups', v)}
          hint="Eine Teilegruppe je Zeile: Code;Bezeichnung"
        />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button disabled={busy} onClick={() => void save()}>
          {busy ? 'Wird gespeichert...' : 'Speichern'}
        </Button>
        <Button variant="outline" onClick={() => setPreview((p) => !p)} aria-expanded={preview}>
          {preview ? 'Vorschau schließen' : 'Vorschau'}
        </Button>
        {campaign.status === 'draft' && (
          <Button variant="outline" disabled={busy} onClick={() => setAsking(true)}>
            Freigeben …
          </Button>
        )}
      </div>
      {notice && (
        <Alert tone="success" className="mt-4">
          {notice}
        </Alert>
      )}
      <ErrorAlert message={error} />
      {preview && <Preview body={body} />}
      {asking && (
        <ConfirmDialog
          title="Aktion freigeben?"
          description={`„${campaign.name}“ beginnt dann am ${draft.campaignStart ? berlinDay(body.campaignStart).date : '…'}. Freigeben kann nur ein zweiter Administrator, nicht wer die Aktion angelegt oder zuletzt geändert hat.`}
          confirmLabel="Freigeben"
          busy={busy}
          onConfirm={() => void release()}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}
