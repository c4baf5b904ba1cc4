import { useEffect, useState } from 'react';
import Markdown from 'react-markdown';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CAMPAIGN_MESSAGES, useActiveCampaign, type Campaign } from '@/lib/campaign';
import { berlinDay } from '@/rules/dates';
import { fillPlaceholders, type CampaignFactsInput, type PartsGroup } from '@/rules/placeholders';
import { useSessionStore } from '@/stores/session';

import { fetchAcceptedTerms, type AcceptedTerms } from '../api/accepted-terms';
import { LegalPage } from './legal-page';

/**
 * For a signed-in workshop whose accepted terms are another version than the one in force: a
 * note and, on request, the version it accepted at sign-up (issue 60).
 */
function AcceptedVersion({ current }: { current: Campaign }) {
  const role = useSessionStore((s) => s.role);
  const [accepted, setAccepted] = useState<AcceptedTerms | null>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (role !== 'User') return;
    let live = true;
    void fetchAcceptedTerms().then((a) => live && setAccepted(a));
    return () => {
      live = false;
    };
  }, [role]);
  if (!accepted || (accepted.id === current.id && accepted.version === current.textVersion)) return null;
  return (
    <Alert tone="info" className="mt-4">
      <p>
        Sie haben bei Ihrer Registrierung die Fassung {accepted.version} der Aktionsbedingungen „{accepted.name}“ vom{' '}
        {berlinDay(accepted.versionCreated).date} akzeptiert. Hier steht die gültige Fassung.
      </p>
      <Button variant="outline" size="sm" className="mt-2" aria-expanded={shown} onClick={() => setShown((s) => !s)}>
        {shown ? 'Akzeptierte Fassung ausblenden' : 'Akzeptierte Fassung anzeigen'}
      </Button>
      {shown && (
        <section aria-label="Akzeptierte Fassung" className="mt-4 border-t border-slate-300 pt-2">
          <Terms facts={accepted} terms={accepted.terms} />
          <PartsGroups groups={accepted.partsGroups} />
        </section>
      )}
    </Alert>
  );
}

/** The terms' text, placeholders filled; a heading may not come from the text (the page has its own h1). */
function Terms({ facts, terms }: { facts: CampaignFactsInput; terms: string }) {
  return (
    <Markdown allowedElements={['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'br']} unwrapDisallowed>
      {fillPlaceholders(terms, facts)}
    </Markdown>
  );
}

function PartsGroups({ groups }: { groups: PartsGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Berechtigte Teilegruppen mit Gruppencode und Bezeichnung</caption>
        <thead>
          <tr className="border-b-2 border-slate-300">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Teilegruppe
            </th>
            <th scope="col" className="py-2 font-semibold">
              Bezeichnung
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.code} className="border-b border-slate-200">
              <td className="py-1.5 pr-4 font-mono">{g.code}</td>
              <td className="py-1.5">{g.name}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The campaign terms of SPEC section 1: the text and the parts groups of the campaign in force,
 * written by administrators in the data area (issue 60), facts filled in from the record.
 */
export function AktionsbedingungenPage() {
  const { campaign, loading } = useActiveCampaign();
  return (
    <LegalPage>
      <h1>Aktionsbedingungen</h1>
      {campaign ? (
        <>
          <AcceptedVersion current={campaign} />
          <Terms facts={campaign} terms={campaign.terms} />
          <PartsGroups groups={campaign.partsGroups} />
        </>
      ) : loading ? (
        <p className="min-h-[60vh] text-slate-700">Die Aktionsbedingungen werden geladen …</p>
      ) : (
        <Alert tone="error" className="mt-4">
          {CAMPAIGN_MESSAGES.loadFailed}
        </Alert>
      )}
    </LegalPage>
  );
}
