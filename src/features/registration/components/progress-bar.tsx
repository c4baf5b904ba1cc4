import { Check } from 'lucide-react';

import { cn } from '@/utils/cn';

import type { WizardStep } from '../stores/registration';
import { stepIndex } from '../utils/steps';

// `short`: the label with soft hyphens, so at 360 px 'Leistungszentrum' breaks inside its
// quarter of the row instead of running into 'Übersicht' (issue 58).
export const NUMBERED_STEPS: { step: WizardStep; label: string; short?: string }[] = [
  { step: 'account', label: 'Kontaktdaten', short: 'Kontakt\u00addaten' },
  { step: 'address', label: 'Adresse' },
  { step: 'partner', label: 'Leistungszentrum', short: 'Leistungs\u00adzentrum' },
  { step: 'overview', label: 'Übersicht' },
];

/** The four numbered steps after init (DECISIONS 2.1). */
export function ProgressBar({ current }: { current: WizardStep }) {
  const at = stepIndex(current);
  return (
    <nav aria-label="Fortschritt der Registrierung">
      <ol className="grid grid-cols-4 gap-3">
        {NUMBERED_STEPS.map(({ step, label, short }, i) => {
          const done = stepIndex(step) < at;
          const active = step === current;
          return (
            <li key={step} aria-current={active ? 'step' : undefined} className="flex min-w-0 flex-col items-center gap-1 text-center">
              <span
                className={cn(
                  'flex size-9 items-center justify-center rounded-full border-2 font-bold',
                  active && 'border-brand-700 bg-brand-700 text-white',
                  done && 'border-brand-700 bg-white text-brand-700',
                  !active && !done && 'border-slate-400 text-slate-700',
                )}
              >
                {done ? <Check aria-hidden="true" className="size-5" /> : i + 1}
              </span>
              <span
                className={cn(
                  'max-w-full text-xs break-words hyphens-manual sm:text-sm',
                  active ? 'font-semibold text-brand-800' : 'text-slate-700',
                )}
              >
                {short ?? label}
                {done && <span className="sr-only"> (erledigt)</span>}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="mt-3 h-2 rounded-full bg-slate-200" aria-hidden="true">
        <div className="h-2 rounded-full bg-brand-700 transition-all" style={{ width: `${(Math.max(at, 1) / 4) * 100}%` }} />
      </div>
    </nav>
  );
}
