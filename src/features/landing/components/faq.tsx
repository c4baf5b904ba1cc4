import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';

import type { Campaign, CampaignFacts } from '@/lib/campaign';
import { fillPlaceholders } from '@/rules/placeholders';

/** The campaign's questions and answers (issue 60: written by administrators), placeholders filled. */
export function Faq({ facts, campaign }: { facts: CampaignFacts; campaign: Campaign | null }) {
  const items = (campaign?.faq ?? []).map((pair) => ({
    question: fillPlaceholders(pair.question, campaign!),
    answer: fillPlaceholders(pair.answer, campaign!),
  }));
  return (
    <section id="faq" aria-labelledby="faq-heading" className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-14">
        <h2 id="faq-heading" className="text-3xl font-bold text-slate-900">
          Häufige Fragen
        </h2>
        <Accordion type="single" collapsible className="mt-6">
          {items.map((item) => (
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
