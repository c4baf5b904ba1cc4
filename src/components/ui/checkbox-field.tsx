import { useId, type ComponentProps, type ReactNode } from 'react';

import { cn } from '@/utils/cn';

export interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  error?: string;
}

export function CheckboxField({ label, error, id, className, required, ...props }: CheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn('mt-1 size-5 shrink-0 accent-brand-700', error && 'outline outline-red-700')}
          {...props}
        />
        <label htmlFor={inputId} className="text-sm text-slate-800">
          {label}
          {required && (
            <span aria-hidden="true" className="text-red-700">
              {' '}
              *
            </span>
          )}
        </label>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
