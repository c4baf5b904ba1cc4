import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { CAMPAIGN_MESSAGES, type CampaignFacts, type FactsState } from '@/lib/campaign';

/** Grey lines where text with the campaign's facts will stand; announced as loading. */
export function TextSkeleton({ lines = 2 }: { lines?: number }) {
  return (
    <span className="mt-2 flex flex-col gap-2" data-testid="skeleton">
      <span className="sr-only">Wird geladen...</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} aria-hidden="true" className={`h-4 animate-pulse rounded bg-slate-200 ${i === lines - 1 ? 'w-2/3' : 'w-full'}`} />
      ))}
    </span>
  );
}

/** A card goes to the registration section when it is on the page, else to the wizard. */
export function goToRegistration(event: MouseEvent<HTMLAnchorElement>) {
  const section = document.getElementById('register');
  if (!section) return;
  event.preventDefault();
  section.scrollIntoView({ block: 'start' });
  section.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
}

export function Steps({ facts, state }: { facts: CampaignFacts; state: FactsState }) {
  // Text that needs the campaign's amounts and dates: a skeleton while loading, words without
  // them when the campaign could not be loaded.
  const withFacts = (text: string, fallback: string): ReactNode =>
    state === 'ready' ? text : state === 'loading' ? <TextSkeleton lines={3} /> : fallback;
  const steps: { title: string; text: ReactNode }[] = [
    {
      title: 'Registrieren',
      text: 'Registrieren Sie Ihre Werkstatt und verknüpfen Sie sich mit Ihrem NORA Leistungszentrum und Ihrer Kundennummer.',
    },
    {
      title: 'Original Teile kaufen',
      text: 'Kaufen Sie Wartungs- und Verschleißteile aus dem Aktionssortiment. Ihre Einkäufe werden automatisch erfasst und wöchentlich aktualisiert.',
    },
    {
      title: 'Cashback erhalten',
      text: withFacts(
        `Für je ${facts.threshold} Einkaufsvolumen (netto) erhalten Sie einen Cashback-Code über ${facts.reward} per E-Mail.`,
        'Für Ihr Einkaufsvolumen (netto) erhalten Sie Cashback-Codes per E-Mail.',
      ),
    },
    {
      title: 'Cashback einlösen',
      text: withFacts(
        `Ab dem ${facts.redeemStart} laden Sie die Rechnung Ihres nächsten Einkaufs hoch und geben Code und Bankverbindung ein.`,
        'Im Einlösezeitraum laden Sie die Rechnung Ihres nächsten Einkaufs hoch und geben Code und Bankverbindung ein.',
      ),
    },
  ];
  return (
    <section aria-labelledby="steps-heading" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="steps-heading" className="text-center text-3xl font-bold text-slate-900">
        In vier Schritten zu Ihrem Cashback
      </h2>
      {state === 'failed' && (
        <Alert tone="warning" className="mx-auto mt-6 max-w-2xl">
          {CAMPAIGN_MESSAGES.loadFailed}
        </Alert>
      )}
      <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step.title}>
            <Link
              to={paths.registerStep.getHref('account')}
              onClick={goToRegistration}
              className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-600 hover:shadow-md"
            >
              <span
                aria-hidden="true"
                className="flex size-12 items-center justify-center rounded-full bg-accent-500 text-2xl font-extrabold text-slate-950"
              >
                {index + 1}
              </span>
              <span className="mt-4 text-xl font-bold text-brand-700">
                <span className="sr-only">Schritt {index + 1}: </span>
                {step.title}
              </span>
              {typeof step.text === 'string' ? <span className="mt-2 text-slate-700">{step.text}</span> : step.text}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
