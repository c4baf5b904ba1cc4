import type { ReactNode } from 'react';

import { cn } from '@/utils/cn';

const tones = {
  error: 'border-red-700 bg-red-50 text-red-900',
  success: 'border-green-700 bg-green-50 text-green-900',
  warning: 'border-amber-600 bg-amber-50 text-amber-950',
  info: 'border-brand-600 bg-brand-50 text-brand-900',
};

/** Errors red, successes green (SPEC section 8); errors interrupt screen readers, the rest waits its turn. */
export function Alert({ tone, children, className }: { tone: keyof typeof tones; children: ReactNode; className?: string }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-md border-l-4 px-4 py-3 text-sm', tones[tone], className)}>
      {children}
    </div>
  );
}
