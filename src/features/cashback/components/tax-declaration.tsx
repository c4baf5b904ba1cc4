import { Info } from 'lucide-react';
import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

import { CheckboxField } from '@/components/ui/checkbox-field';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

const TAX_HINT =
  'Die Auszahlung des Cashbacks setzt in der Regel eine Korrektur des Vorsteuerabzugs voraus. Bitte wenden Sie sich bei Fragen an Ihre Steuerberatung.';

/** The declaration about the input tax, with its hint as a tooltip and, on a tap, in the page (issue 35: phones). */
export function TaxDeclaration({ field, error }: { field: UseFormRegisterReturn<'declarationSalesTax'>; error?: string }) {
  const [taxHint, setTaxHint] = useState(false);
  const taxHintId = useId();
  return (
    <div>
      <div className="flex items-start gap-2">
        <CheckboxField
          className="flex-1"
          required
          error={error}
          label="Ich bestätige, dass ich den Vorsteuerabzug gemäß § 17 UStG (Änderung der Bemessungsgrundlage) korrigiere."
          {...field}
        />
        <Tooltip>
          <TooltipTrigger asChild>
            <button
              type="button"
              className="rounded-full p-1 text-brand-700 hover:bg-brand-50"
              aria-label="Hinweis zur Vorsteuer"
              aria-expanded={taxHint}
              aria-controls={taxHintId}
              onClick={() => setTaxHint((open) => !open)}
            >
              <Info aria-hidden="true" className="size-5" />
            </button>
          </TooltipTrigger>
          <TooltipContent>{TAX_HINT}</TooltipContent>
        </Tooltip>
      </div>
      {/* A tap or click opens the hint in the page (issue 35: a tooltip needs hover or focus). */}
      <p id={taxHintId} hidden={!taxHint} className="mt-2 rounded-md bg-brand-50 p-3 text-sm text-slate-800">
        {TAX_HINT}
      </p>
    </div>
  );
}
