import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PrerenderedForm } from '@/components/ui/prerendered-form';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { lazyZodResolver } from '@/lib/lazy-resolver';

import { requestPasswordReset } from '../api/request-password-reset';
import type { ForgotPasswordValues } from '../schemas/auth';
import { AuthCard } from './auth-card';

const forgotPasswordResolver = lazyZodResolver<ForgotPasswordValues>(() => import('../schemas/auth').then((m) => m.forgotPasswordSchema));

export const FORGOT_SUCCESS =
  'Wenn ein Konto mit dieser E-Mail-Adresse existiert, haben wir Ihnen einen Link zum Zurücksetzen Ihres Passworts gesendet.';
export const FORGOT_ERROR = 'Fehler beim Senden der E-Mail. Bitte versuchen Sie es erneut.';

export function ForgotPasswordForm() {
  const [success, setSuccess] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({ resolver: forgotPasswordResolver, defaultValues: { email: '' } });

  const onSubmit = async ({ email }: ForgotPasswordValues) => {
    setError(null);
    setSuccess(false);
    try {
      setSuccess(await requestPasswordReset(email));
    } catch {
      setError(FORGOT_ERROR);
    }
  };

  return (
    <AuthCard title="Passwort vergessen">
      <p className="mb-4 text-slate-700">
        Geben Sie Ihre E-Mail-Adresse ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort festlegen können.
      </p>
      {success && (
        <Alert tone="success" className="mb-4">
          {FORGOT_SUCCESS}
        </Alert>
      )}
      {error && (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      )}
      <PrerenderedForm onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
        <TextField label="E-Mail" type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Wird gesendet...' : 'Link senden'}
        </Button>
      </PrerenderedForm>
      <Link to={paths.login.getHref()} className="mt-6 inline-block text-sm font-semibold text-brand-700 underline">
        Zurück zum Login
      </Link>
    </AuthCard>
  );
}
