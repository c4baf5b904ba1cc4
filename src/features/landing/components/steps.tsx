import type { MouseEvent } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import type { CampaignFacts } from '@/lib/campaign';

/** A card goes to the registration section when it is on the page, else to the wizard. */
export function goToRegistration(event: MouseEvent<HTMLAnchorElement>) {
  const section = document.getElementById('register');
  if (!section) return;
  event.preventDefault();
  section.scrollIntoView({ block: 'start' });
  section.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
}

export function Steps({ facts }: { facts: CampaignFacts }) {
  const steps = [
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
      text: `Für je ${facts.threshold} Einkaufsvolumen (netto) erhalten Sie einen Cashback-Code über ${facts.reward} per E-Mail.`,
    },
    {
      title: 'Cashback einlösen',
      text: `Ab dem ${facts.redeemStart} laden Sie die Rechnung Ihres nächsten Einkaufs hoch und geben Code und Bankverbindung ein.`,
    },
  ];
  return (
    <section aria-labelledby="steps-heading" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="steps-heading" className="text-center text-3xl font-bold text-slate-900">
        In vier Schritten zu Ihrem Cashback
      </h2>
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
              <span className="mt-2 text-slate-700">{step.text}</span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
