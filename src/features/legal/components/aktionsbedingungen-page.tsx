import { campaignFacts, useActiveCampaign } from '@/lib/campaign';

import partsGroups from '../data/parts-groups.json';
import { LegalPage } from './legal-page';

/**
 * One document, three words (issue 35, decision 036): SPEC names the footer link
 * 'Teilnahmeerklärung' and the registration's error 'AGBs'; the document itself says they are it.
 */
export const TERMS_ALIASES = (year: string) =>
  `Diese Aktionsbedingungen sind die Teilnahmeerklärung zur NORA Cashback-Aktion ${year} für freie Kfz-Werkstätten (so heißt der Link im Seitenfuß). Bei der Registrierung stimmen Sie ihnen zu; dort heißen sie kurz „AGBs“.`;

/** The campaign terms of SPEC section 1, dates and amounts from the active campaign. */
export function AktionsbedingungenPage() {
  const { campaign } = useActiveCampaign();
  const f = campaignFacts(campaign);
  const { reward, threshold } = f;
  return (
    <LegalPage>
      <h1>Aktionsbedingungen</h1>
      <p>{TERMS_ALIASES(f.year)}</p>

      <h2>1. Aktion</h2>
      <ul>
        <li>
          Für je {threshold} (netto) Einkaufsvolumen berechtigter Teile erhalten Sie {reward} (netto) Cashback. Das ist ohne Begrenzung
          wiederholbar.
        </li>
        <li>Berechtigt sind Wartungs- und Verschleißteile aus dem Sortiment im Wettbewerbsumfeld (siehe Tabelle der Teilegruppen).</li>
        <li>Ihre Einkäufe werden automatisch erfasst; der Umsatzstand wird wöchentlich aktualisiert.</li>
        <li>Sobald Sie {threshold} erreichen, erhalten Sie einen Cashback-Code per E-Mail.</li>
        <li>
          Zum Einlösen laden Sie die Rechnung des nächsten Einkaufs nach Erreichen der {threshold} hoch und geben den Code zusammen mit
          Ihrer Bankverbindung ein. Nach der Prüfung zahlt ein Zahlungsdienstleister die {reward} innerhalb von bis zu 8 Wochen auf das
          angegebene Konto aus. Auszahlungen erfolgen bis zum Jahresende.
        </li>
        <li>Das Rechnungsdatum darf nicht nach dem {f.invoiceCutoff} liegen.</li>
        <li>Der Code ist nicht übertragbar.</li>
      </ul>

      <h2>2. Zeitraum</h2>
      <ul>
        <li>
          Aktionszeitraum: {f.start} bis {f.end}.
        </li>
        <li>
          Upload und Code-Eingabe im Portal sind ab dem {f.redeemStart} möglich. Rechnungen und Codes können bis zum {f.redeemEnd}{' '}
          hochgeladen bzw. eingelöst werden.
        </li>
        <li>
          Unter allen bis zum {f.drawDeadline} Registrierten verlosen wir 5 Gewinne. Registrierte haben außerdem die Chance auf einen Grill.
        </li>
      </ul>

      <h2>3. Teilnahmeberechtigung</h2>
      <ul>
        <li>
          Freie Kfz-Werkstätten mit Sitz und Geschäftsbetrieb in Deutschland (Gewerbeanmeldung oder Eintragung in die Handwerksrolle).
        </li>
        <li>Nicht teilnahmeberechtigt sind Unternehmen des Konzerns des Fahrzeugherstellers und Mitarbeitende des Vertriebspartners.</li>
        <li>Die Teilnahme setzt die Annahme nach den Grundsätzen des Programms voraus.</li>
        <li>Mindestens {threshold} Einkaufsvolumen.</li>
      </ul>

      <h2>4. NORA Leistungszentren</h2>
      <p>
        Bei der Registrierung wählen Sie ein angeschlossenes NORA Leistungszentrum, also einen Vertragsbetrieb der Automarken des Konzerns
        mit besonderem Status. Sie können mehrere Leistungszentren mit jeweils eigener Kundennummer verknüpfen.
      </p>

      <h2>5. Berechtigte Teilegruppen</h2>
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
            {partsGroups.map((g) => (
              <tr key={g.code} className="border-b border-slate-200">
                <td className="py-1.5 pr-4 font-mono">{g.code}</td>
                <td className="py-1.5">{g.name}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </LegalPage>
  );
}
