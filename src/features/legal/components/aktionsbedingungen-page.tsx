import Markdown from 'react-markdown';

import { Alert } from '@/components/ui/alert';
import { CAMPAIGN_MESSAGES, useActiveCampaign, type Campaign } from '@/lib/campaign';
import { fillPlaceholders } from '@/rules/placeholders';

import { LegalPage } from './legal-page';

/** The terms' text, placeholders filled; a heading may not come from the text (the page has its own h1). */
function Terms({ campaign }: { campaign: Campaign }) {
  return (
    <Markdown allowedElements={['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'br']} unwrapDisallowed>
      {fillPlaceholders(campaign.terms, campaign)}
    </Markdown>
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
          <Terms campaign={campaign} />
          {campaign.partsGroups.length > 0 && (
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
                  {campaign.partsGroups.map((g) => (
                    <tr key={g.code} className="border-b border-slate-200">
                      <td className="py-1.5 pr-4 font-mono">{g.code}</td>
                      <td className="py-1.5">{g.name}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
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
