import { PLACEHOLDERS } from '@/config/company';

import { LegalPage } from './legal-page';

export function BarrierefreiheitPage() {
  return (
    <LegalPage>
      <h1>Erklärung zur Barrierefreiheit</h1>
      <p>
        Wir möchten, dass alle Werkstätten das Portal der NORA Cashback-Aktion nutzen können. Das Portal orientiert sich an den Web Content
        Accessibility Guidelines (WCAG) 2.2 auf Stufe AA.
      </p>
      <h2>Stand der Vereinbarkeit</h2>
      <p>
        Alle Seiten lassen sich mit der Tastatur bedienen, Formularfelder sind beschriftet, Fehlermeldungen werden Screenreadern angesagt
        und die Darstellung funktioniert vom Smartphone bis zum Desktop. Wir prüfen jede Seite automatisiert auf Barrieren.
      </p>
      <h2>Barriere melden</h2>
      <p>
        Stoßen Sie dennoch auf eine Barriere, schreiben Sie uns an <a href={`mailto:${PLACEHOLDERS.email}`}>{PLACEHOLDERS.email}</a>. Wir
        antworten innerhalb von zwei Wochen und helfen Ihnen, Ihr Anliegen auf anderem Weg zu erledigen.
      </p>
    </LegalPage>
  );
}
