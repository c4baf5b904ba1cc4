import { PLACEHOLDER, PLACEHOLDERS, type Operator } from '@/config/company';
import { Spinner } from '@/components/ui/spinner';
import { useLoad } from '@/hooks/use-load';

import { loadOperator } from '../api/operator';

import { LegalPage } from './legal-page';

function Value({ children }: { children: string }) {
  // Placeholders stay visibly marked until the real company data is filled in.
  if (PLACEHOLDER.test(children)) {
    return (
      <mark className="rounded bg-amber-100 px-1 text-amber-950" title="Platzhalter: vor Livegang ersetzen">
        {children}
      </mark>
    );
  }
  return <>{children}</>;
}

export function ImpressumPage() {
  const operator = useLoad<Operator>(loadOperator, PLACEHOLDERS);
  const company = operator.data;
  if (operator.loading) {
    return (
      <LegalPage>
        <h1>Impressum</h1>
        <Spinner label="Wird geladen..." />
      </LegalPage>
    );
  }
  return (
    <LegalPage>
      <h1>Impressum</h1>
      <h2>Angaben gemäß § 5 DDG</h2>
      <p>
        <Value>{company.name}</Value>
        <br />
        <Value>{company.street}</Value>
        <br />
        <Value>{company.zipCity}</Value>
        <br />
        Deutschland
      </p>
      <h2>Kontakt</h2>
      <p>
        Telefon: <Value>{company.phone}</Value>
        <br />
        E-Mail: <a href={`mailto:${company.email}`}>{company.email}</a>
      </p>
      <h2>Geschäftsführung</h2>
      <p>
        <Value>{company.management}</Value>
      </p>
      <h2>Registereintrag und Umsatzsteuer</h2>
      <p>
        <Value>{company.register}</Value>
        <br />
        Umsatzsteuer-Identifikationsnummer: <Value>{company.vatId}</Value>
      </p>
      <h2>Bankverbindung</h2>
      <p>
        <Value>{company.bankName}</Value>
        <br />
        IBAN: <Value>{company.iban}</Value>
        <br />
        BIC: <Value>{company.bic}</Value>
      </p>
      <h2>Verantwortlich für den Inhalt</h2>
      <p>
        <Value>{company.responsible}</Value>
      </p>
      <h2>Urheberrecht</h2>
      <p>
        Inhalte, Texte, Bilder und Logos dieses Portals sind urheberrechtlich geschützt. Vervielfältigung, Bearbeitung und Verbreitung
        außerhalb der Grenzen des Urheberrechts bedürfen der schriftlichen Zustimmung des Betreibers.
      </p>
      <h2>Geltungsbereich</h2>
      <p>Dieses Impressum gilt für das Portal der NORA Cashback-Aktion und die zugehörigen E-Mails.</p>
    </LegalPage>
  );
}
