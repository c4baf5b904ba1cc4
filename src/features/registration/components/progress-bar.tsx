import { Check } from 'lucide-react';

import { cn } from '@/utils/cn';

import type { WizardStep } from '../stores/registration';
import { stepIndex } from '../utils/steps';

export const NUMBERED_STEPS: { step: WizardStep; label: string }[] = [
  { step: 'account', label: 'Kontaktdaten' },
  { step: 'address', label: 'Adresse' },
  { step: 'partner', label: 'Leistungszentrum' },
  { step: 'overview', label: 'Übersicht' },
];

/** The four numbered steps after init (DECISIONS 2.1). */
export function ProgressBar({ current }: { current: WizardStep }) {
  const at = stepIndex(current);
  return (
    <nav aria-label="Fortschritt der Registrierung">
      <ol className="grid grid-cols-4 gap-2">
        {NUMBERED_STEPS.map(({ step, label }, i) => {
          const done = stepIndex(step) < at;
          const active = step === current;
          return (
            <li key={step} aria-current={active ? 'step' : undefined} className="flex flex-col items-center gap-1 text-center">
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
              <span className={cn('text-xs sm:text-sm', active ? 'font-semibold text-brand-800' : 'text-slate-700')}>
                {label}
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
