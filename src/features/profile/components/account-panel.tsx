import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

import { changePassword } from '../api/change-password';
import { ACCOUNT_MESSAGES, AccountError } from '../api/model';
import { requestEmailChange } from '../api/request-email-change';
import { emailChangeSchema, passwordChangeSchema, type EmailChangeValues, type PasswordChangeValues } from '../schemas/account';

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

/** 'Konto': the e-mail address and the password of the signed-in workshop (issue 35). */
export function AccountPanel({ email }: { email: string }) {
  return (
    <section aria-labelledby="account-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="account-heading" className="text-xl font-bold">
        Zugangsdaten
      </h2>
      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        <EmailChangeForm email={email} />
        <PasswordChangeForm />
      </div>
    </section>
  );
}

function EmailChangeForm({ email }: { email: string }) {
  const [done, setDone] = useState<string | null>(null);
  const [error, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailChangeValues>({ resolver: zodResolver(emailChangeSchema), defaultValues: { newEmail: '' } });
  const onSubmit = async ({ newEmail }: EmailChangeValues) => {
    setDone(null);
    setFormError(null);
    try {
      await requestEmailChange(newEmail);
      setDone(ACCOUNT_MESSAGES.emailRequested(newEmail.trim().toLowerCase()));
      reset();
    } catch (err) {
      setFormError(showRefusal(err, setError, ['newEmail']));
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="email-change-heading" className="flex flex-col gap-3">
      <h3 id="email-change-heading" className="font-semibold">
        E-Mail-Adresse ändern
      </h3>
      <p className="text-sm text-slate-700">
        Derzeit: <span className="font-medium text-slate-900">{email}</span>
      </p>
      {done && <Alert tone="success">{done}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label="Neue E-Mail-Adresse"
        type="email"
        autoComplete="email"
        required
        error={errors.newEmail?.message}
        {...register('newEmail')}
      />
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? 'Wird gesendet...' : 'Bestätigungslink senden'}
      </Button>
    </form>
  );
}

function PasswordChangeForm() {
  const [done, setDone] = useState(false);
  const [error, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { oldPassword: '', password: '', passwordConfirm: '' },
  });
  const onSubmit = async (values: PasswordChangeValues) => {
    setDone(false);
    setFormError(null);
    try {
      await changePassword(values);
      setDone(true);
      reset();
    } catch (err) {
      setFormError(showRefusal(err, setError, ['oldPassword', 'password', 'passwordConfirm']));
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="password-change-heading" className="flex flex-col gap-3">
      <h3 id="password-change-heading" className="font-semibold">
        Passwort ändern
      </h3>
      {done && <Alert tone="success">{ACCOUNT_MESSAGES.passwordChanged}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label="Aktuelles Passwort"
        type="password"
        autoComplete="current-password"
        required
        error={errors.oldPassword?.message}
        {...register('oldPassword')}
      />
      <TextField
        label="Neues Passwort"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Neues Passwort bestätigen"
        type="password"
        autoComplete="new-password"
        required
        error={errors.passwordConfirm?.message}
        {...register('passwordConfirm')}
      />
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? 'Wird gespeichert...' : 'Passwort ändern'}
      </Button>
    </form>
  );
}
