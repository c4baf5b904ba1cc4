import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';

import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { campaignFacts, drawOpen, factsState, useActiveCampaign, type Campaign, type FactsState } from '@/lib/campaign';
import { fillPlaceholders } from '@/rules/placeholders';
import { useSessionStore } from '@/stores/session';
import { cn } from '@/utils/cn';

import { goToRegistration, Steps, TextSkeleton } from './steps';

/** The portal's own headline, shown until the campaign's is there (the prerendered page, a failed load). */
export const BANNER_HEADLINE = 'Wir schrauben am Preis!';

// The FAQ (and its accordion code) sits below the fold and loads after the first paint.
const Faq = lazy(() => import('./faq').then((m) => ({ default: m.Faq })));

/**
 * The banner: the campaign's headline and teaser (issue 60), placeholders filled. Prerendered
 * before any campaign is known, it shows the portal's own headline and keeps the teaser's line
 * free, so filling them in moves nothing (decision 060).
 */
function Banner({ campaign }: { campaign: Campaign | null }) {
  const headline = campaign ? fillPlaceholders(campaign.headline, campaign) : BANNER_HEADLINE;
  const teaser = campaign ? fillPlaceholders(campaign.teaser, campaign) : '';
  return (
    <section aria-labelledby="banner-heading" className="bg-brand-700 text-white">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-14 md:grid-cols-[3fr_2fr] md:py-20">
        <div>
          <h1 id="banner-heading" className="text-4xl font-extrabold tracking-tight break-words sm:text-5xl">
            {headline}
          </h1>
          <p className="mt-4 min-h-[1.25em] text-3xl font-bold text-accent-400 sm:text-4xl">{teaser}</p>
          <p className="mt-4 max-w-xl text-lg text-brand-50">
            Die Cashback-Aktion für freie Kfz-Werkstätten: Original Teile kaufen, Umsatz sammeln, Cashback erhalten.
          </p>
          <Link
            to={paths.registerStep.getHref('account')}
            onClick={goToRegistration}
            className={cn(buttonVariants({ variant: 'accent', size: 'lg' }), 'mt-8')}
          >
            Registrieren
          </Link>
        </div>
        <ul aria-label="Marken der Aktion" className="flex flex-wrap items-center gap-4 md:justify-end">
          <li>
            <img
              src="/brand-nora-teile.svg"
              alt="NORA Original Teile"
              width="200"
              height="80"
              className="h-20 w-[200px] rounded-lg bg-white p-2"
            />
          </li>
          <li>
            <img
              src="/brand-nora-service.svg"
              alt="NORA Service Partner"
              width="200"
              height="80"
              className="h-20 w-[200px] rounded-lg bg-white p-2"
            />
          </li>
        </ul>
      </div>
    </section>
  );
}

/** The closing words of every footnote: the terms and the contact mailbox. */
function TermsAndContact({ contactEmail }: { contactEmail: string }) {
  return (
    <>
      Es gelten die{' '}
      <Link className="text-brand-700 underline" to={paths.aktionsbedingungen.getHref()}>
        Aktionsbedingungen
      </Link>
      . Fragen an{' '}
      <a className="text-brand-700 underline" href={`mailto:${contactEmail}`}>
        {contactEmail}
      </a>
      .
    </>
  );
}

/** The campaign's facts in one paragraph; a skeleton while they load, the terms alone when they cannot. */
function Footnote({ facts, state, draw }: { facts: ReturnType<typeof campaignFacts>; state: FactsState; draw: boolean }) {
  return (
    <section aria-label="Hinweise zur Aktion" className="mx-auto max-w-6xl px-4 pb-10 text-sm text-slate-700">
      {state === 'loading' ? (
        <TextSkeleton lines={3} />
      ) : (
        <p>
          *{' '}
          {state === 'ready' && (
            <>
              Aktionszeitraum {facts.start} bis {facts.end}. {facts.reward} Cashback (netto) je {facts.threshold} Einkaufsvolumen (netto)
              mit berechtigten Wartungs- und Verschleißteilen, beliebig oft wiederholbar. Upload von Rechnungen und Einlösung der Codes vom{' '}
              {facts.redeemStart} bis {facts.redeemEnd}; das Rechnungsdatum darf nicht nach dem {facts.invoiceCutoff} liegen.{' '}
              {draw && <>Unter allen bis zum {facts.drawDeadline} Registrierten verlosen wir zusätzlich 5 Gewinne. </>}
            </>
          )}
          <TermsAndContact contactEmail={facts.contactEmail} />
        </p>
      )}
    </section>
  );
}

function CallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="bg-accent-500">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-10 sm:flex-row sm:items-center">
        <h2 id="cta-heading" className="text-2xl font-bold text-slate-950">
          Noch nicht dabei? Sichern Sie sich Ihr Cashback.
        </h2>
        <Link to="/#register" onClick={goToRegistration} className={cn(buttonVariants({ size: 'lg' }), 'sm:ml-auto')}>
          Neu registrieren
        </Link>
      </div>
    </section>
  );
}

/**
 * The landing page of SPEC section 2. The registration form comes from the app layer,
 * since features do not import each other; it is hidden while someone is signed in.
 */
export function LandingPage({ registration }: { registration?: ReactNode }) {
  const role = useSessionStore((s) => s.role);
  const active = useActiveCampaign();
  const facts = campaignFacts(active.campaign);
  const state = factsState(active);
  return (
    <>
      <Banner campaign={active.campaign} />
      <Steps facts={facts} state={state} />
      <Footnote facts={facts} state={state} draw={drawOpen(active.campaign, active.campaignNow)} />
      {!role && (
        <section id="register" aria-labelledby="register-heading" className="border-y border-slate-200 bg-brand-50">
          <div className="mx-auto max-w-xl px-4 py-14">
            <h2 id="register-heading" className="text-3xl font-bold text-slate-900">
              Jetzt registrieren
            </h2>
            <p className="mt-2 text-slate-700">Legen Sie Ihr Konto an – in wenigen Minuten sind Sie dabei.</p>
            <div className="mt-6">{registration}</div>
          </div>
        </section>
      )}
      <Suspense fallback={<section id="faq" aria-label="Häufige Fragen" className="min-h-96 bg-slate-50" />}>
        <Faq facts={facts} campaign={active.campaign} />
      </Suspense>
      {!role && <CallToAction />}
    </>
  );
}
