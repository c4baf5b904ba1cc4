import { useId, type ComponentProps } from 'react';

import { cn } from '@/utils/cn';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'placeholder'> {
  label: string;
  error?: string;
  hint?: string;
}

/**
 * A text input with a floating label (SPEC section 9). The error is tied to the input
 * with aria-describedby and announced, the required mark is a visible '*'.
 */
export function TextField({ label, error, hint, id, className, required, ...props }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('w-full', className)}>
      <div className="relative">
        <input
          id={inputId}
          placeholder=" "
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'peer block h-14 w-full rounded-md border bg-white px-3 pt-5 pb-1 text-base text-slate-900 disabled:bg-slate-100 disabled:text-slate-600',
            error ? 'border-red-700' : 'border-slate-400',
          )}
          {...props}
        />
        <label
          htmlFor={inputId}
          className="pointer-events-none absolute top-1.5 right-3 left-3 truncate text-xs text-slate-700 transition-all peer-placeholder-shown:top-4 peer-placeholder-shown:text-base peer-focus:top-1.5 peer-focus:text-xs"
        >
          {label}
          {required && (
            <span aria-hidden="true" className="text-red-700">
              {' '}
              *
            </span>
          )}
        </label>
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
