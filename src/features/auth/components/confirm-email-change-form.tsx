import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';

import { confirmEmailChange } from '../api/confirm-email-change';
import { EMAIL_CHANGE_MESSAGES, EmailChangeError, newEmailOf } from '../api/model';
import { loginSchema, type LoginValues } from '../schemas/auth';
import { AuthCard } from './auth-card';

// The login's password rule: only that it is filled in (the server checks it).
const schema = loginSchema.pick({ password: true });
type Values = Pick<LoginValues, 'password'>;

/** The link from the confirmation mail to a new address (issue 35): the password confirms the change. */
export function ConfirmEmailChangeForm({ token }: { token: string | undefined }) {
  const [done, setDone] = useState(false);
  const [error, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const newEmail = token ? newEmailOf(token) : '';

  if (!token) return null;
  if (done) {
    return (
      <AuthCard title="E-Mail-Adresse geändert">
        <Alert tone="success">{EMAIL_CHANGE_MESSAGES.done}</Alert>
        <Link to={paths.login.getHref()} className="mt-4 inline-block font-semibold text-brand-700 underline">
          Zur Anmeldung
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = async ({ password }: Values) => {
    setFormError(null);
    try {
      if (!(await confirmEmailChange(token, password))) setDone(true);
    } catch (err) {
      if (err instanceof EmailChangeError && err.field) setError(err.field, { message: err.message });
      else setFormError(err instanceof Error ? err.message : EMAIL_CHANGE_MESSAGES.failed);
    }
  };

  return (
    <AuthCard
      title="Neue E-Mail-Adresse bestätigen"
      intro={
        newEmail
          ? `Ihre neue Adresse: ${newEmail}. Bitte bestätigen Sie die Änderung mit Ihrem Passwort.`
          : 'Bitte bestätigen Sie die Änderung mit Ihrem Passwort.'
      }
    >
      {error && (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      )}
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
        <TextField
          label="Passwort"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Wird bestätigt...' : 'Änderung bestätigen'}
        </Button>
      </form>
    </AuthCard>
  );
}
