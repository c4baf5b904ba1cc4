import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

import { changePassword } from '../api/change-password';
import { ACCOUNT_MESSAGES } from '../api/model';
import { requestEmailChange } from '../api/request-email-change';
import { emailChangeSchema, passwordChangeSchema, type EmailChangeValues, type PasswordChangeValues } from '../schemas/account';
import { useOutcome } from './use-outcome';

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
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailChangeValues>({ resolver: zodResolver(emailChangeSchema), defaultValues: { newEmail: '' } });
  const outcome = useOutcome(setError, ['newEmail'], () => reset(), clearErrors);
  const onSubmit = ({ newEmail }: EmailChangeValues) =>
    outcome.run(async () => {
      await requestEmailChange(newEmail);
      return ACCOUNT_MESSAGES.emailRequested(newEmail.trim().toLowerCase());
    });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="email-change-heading" className="flex flex-col gap-3">
      <h3 id="email-change-heading" className="font-semibold">
        E-Mail-Adresse ändern
      </h3>
      <p className="text-sm text-slate-700">
        Derzeit: <span className="font-medium text-slate-900">{email}</span>
      </p>
      {outcome.notices}
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
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { oldPassword: '', password: '', passwordConfirm: '' },
  });
  const outcome = useOutcome(setError, ['oldPassword', 'password', 'passwordConfirm'], () => reset(), clearErrors);
  const onSubmit = (values: PasswordChangeValues) =>
    outcome.run(async () => {
      await changePassword(values);
      return ACCOUNT_MESSAGES.passwordChanged;
    });
  const field = (name: keyof PasswordChangeValues, label: string, autoComplete: string) => (
    <TextField label={label} type="password" autoComplete={autoComplete} required error={errors[name]?.message} {...register(name)} />
  );
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="password-change-heading" className="flex flex-col gap-3">
      <h3 id="password-change-heading" className="font-semibold">
        Passwort ändern
      </h3>
      {outcome.notices}
      {field('oldPassword', 'Aktuelles Passwort', 'current-password')}
      {field('password', 'Neues Passwort', 'new-password')}
      {field('passwordConfirm', 'Neues Passwort bestätigen', 'new-password')}
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? 'Wird gespeichert...' : 'Passwort ändern'}
      </Button>
    </form>
  );
}
