import { useState } from 'react';
import type { FieldValues, Path, UseFormClearErrors, UseFormSetError } from 'react-hook-form';

import { Alert } from '@/components/ui/alert';

import { ACCOUNT_MESSAGES, AccountError } from '../api/model';

/** Puts the server's German field messages on the form's fields; what has no field is said above the form. */
function showRefusal<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, names: Path<T>[]): string | null {
  if (!(err instanceof AccountError)) return ACCOUNT_MESSAGES.failed;
  let placed = false;
  for (const name of names) {
    const message = err.fields[name];
    if (message) {
      setError(name, { message });
      placed = true;
    }
  }
  return placed ? null : err.message;
}

/**
 * The profile's account forms' common part (password, e-mail, 'Meine Daten'): the outcome above the form (green when done, red for a refusal
 * without a field) and the server's field messages on their fields.
 */
export function useOutcome<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: Path<T>[],
  reset: () => void,
  clearErrors?: UseFormClearErrors<T>,
) {
  const [done, setDone] = useState<string | null>(null);
  const [error, setFormError] = useState<string | null>(null);
  const run = async (action: () => Promise<string>) => {
    setDone(null);
    setFormError(null);
    // The server's answer to the last try goes with it (issue 58: after the rate limit's 429 the
    // field still showed the refusal before it).
    clearErrors?.(fields);
    try {
      setDone(await action());
      reset();
    } catch (err) {
      setFormError(showRefusal(err, setError, fields));
    }
  };
  const notices = (
    <>
      {done && <Alert tone="success">{done}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
    </>
  );
  return { run, notices };
}
