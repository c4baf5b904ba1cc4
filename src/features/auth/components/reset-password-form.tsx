import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';

import { confirmPasswordReset } from '../api/confirm-password-reset';
import { resetPasswordSchema, type ResetPasswordValues } from '../schemas/auth';
import { AuthCard } from './auth-card';

export const RESET_ERROR = 'Fehler beim Zurücksetzen des Passworts. Der Link ist möglicherweise abgelaufen.';

export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { password: '', passwordConfirm: '' } });

  if (!token) return null;

  const onSubmit = async ({ password, passwordConfirm }: ResetPasswordValues) => {
    setError(null);
    try {
      await confirmPasswordReset(token, password, passwordConfirm);
      await navigate(paths.login.getHref(), { state: { passwordReset: true } });
    } catch {
      setError(RESET_ERROR);
    }
  };

  return (
    <AuthCard title="Neues Passwort festlegen">
      {error && (
        <Alert tone="error" className="mb-4">
          {error}{' '}
          <Link to={paths.forgotPassword.getHref()} className="font-semibold underline">
            Neuen Link anfordern
          </Link>
        </Alert>
      )}
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
        <TextField
          label="Neues Passwort"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Passwort bestätigen"
          type="password"
          autoComplete="new-password"
          required
          error={errors.passwordConfirm?.message}
          {...register('passwordConfirm')}
        />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Wird gespeichert...' : 'Passwort ändern'}
        </Button>
      </form>
    </AuthCard>
  );
}
