import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';

import type { CampaignFacts } from '@/lib/campaign';
import { INVOICE } from '@/rules/invoice';

export function faqItems(f: CampaignFacts) {
  return [
    {
      question: 'Wer kann an der Aktion teilnehmen?',
      answer: `Teilnehmen können freie Kfz-Werkstätten mit Sitz und Geschäftsbetrieb in Deutschland (Gewerbeanmeldung oder Eintragung in die Handwerksrolle), die nicht zum Konzern des Fahrzeugherstellers gehören und keine Mitarbeitenden des Vertriebspartners sind. Voraussetzung ist ein Einkaufsvolumen von mindestens ${f.threshold}.`,
    },
    {
      question: 'Wie erhalte ich mein Cashback?',
      answer: `Registrieren Sie sich und verknüpfen Sie Ihr NORA Leistungszentrum mit Ihrer Kundennummer. Sobald Ihre berechtigten Einkäufe ${f.threshold} (netto) erreichen, erhalten Sie einen Cashback-Code per E-Mail. Diesen lösen Sie im Portal mit der Rechnung Ihres nächsten Einkaufs und Ihrer Bankverbindung ein.`,
    },
    {
      question: 'Wie lange dauert es, bis ich mein Cashback erhalte?',
      answer: `Nach erfolgreicher Prüfung überweist ein Zahlungsdienstleister die ${f.reward} innerhalb von bis zu 8 Wochen auf das angegebene Konto. Auszahlungen erfolgen bis zum Jahresende.`,
    },
    {
      question: 'Welche Unterlagen benötige ich?',
      answer: `Ihren Cashback-Code, Ihre Bankverbindung (IBAN und BIC) und die Rechnung des nächsten Einkaufs nach Erreichen der ${f.threshold} als PNG, JPEG oder PDF (höchstens ${INVOICE.maxMb} MB). Das Rechnungsdatum darf nicht nach dem ${f.invoiceCutoff} liegen.`,
    },
    {
      question: 'Kann ich mehrfach teilnehmen?',
      answer: `Ja. Für je ${f.threshold} Einkaufsvolumen erhalten Sie erneut ${f.reward} Cashback – ohne Begrenzung.`,
    },
    {
      question: 'Wie lange ist mein Cashback-Code gültig?',
      answer: `Codes können vom ${f.redeemStart} bis zum ${f.redeemEnd} eingelöst werden. Der Code ist nicht übertragbar.`,
    },
    {
      question: 'Was ist ein NORA Leistungszentrum?',
      answer:
        'Ein NORA Leistungszentrum ist ein Vertragsbetrieb der Automarken des Konzerns mit besonderem Status, bei dem Sie Ihre Original Teile beziehen. Bei der Registrierung wählen Sie ein oder mehrere Leistungszentren aus und geben jeweils Ihre Kundennummer an.',
    },
  ];
}

export function Faq({ facts }: { facts: CampaignFacts }) {
  return (
    <section id="faq" aria-labelledby="faq-heading" className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-14">
        <h2 id="faq-heading" className="text-3xl font-bold text-slate-900">
          Häufige Fragen
        </h2>
        <Accordion type="single" collapsible className="mt-6">
          {faqItems(facts).map((item) => (
            <AccordionItem key={item.question} value={item.question}>
              <AccordionTrigger>{item.question}</AccordionTrigger>
              <AccordionContent>{item.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
        <p className="mt-6 text-slate-700">
          Noch Fragen? Schreiben Sie uns an{' '}
          <a className="font-semibold text-brand-700 underline" href={`mailto:${facts.contactEmail}`}>
            {facts.contactEmail}
          </a>
          .
        </p>
      </div>
    </section>
  );
}
