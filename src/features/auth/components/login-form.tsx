import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PrerenderedForm, useHydrated } from '@/components/ui/prerendered-form';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { loginErrorMessage } from '@/lib/auth';
import { afterLoginPath, RETURN_PARAM } from '@/lib/authorization';
import { roleFromCollection } from '@/lib/roles';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { RETURN_NOTICE } from '@/rules/session';

import { loginWithChain } from '../api/login';
import type { OtpChallenge } from '../api/model';
import type { LoginValues } from '../schemas/auth';
import { AuthCard } from './auth-card';
import { OtpForm } from './otp-form';

const loginResolver = lazyZodResolver<LoginValues>(() => import('../schemas/auth').then((m) => m.loginSchema));

/** The login page's lead text: the page's largest text, which it paints at once (issue 21). */
export const LOGIN_INTRO =
  'Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an, um Ihre Cashback-Codes zu sehen und einzulösen.';

export const RESET_SUCCESS_MESSAGE = 'Passwort erfolgreich zurückgesetzt. Sie können sich jetzt anmelden.';

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const passwordWasReset = (location.state as { passwordReset?: boolean } | null)?.passwordReset === true;
  // After hydration only: the prerendered /login has no query, and the notice would not match it.
  const hydrated = useHydrated();
  const returning = hydrated && new URLSearchParams(location.search).has(RETURN_PARAM);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<OtpChallenge | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: loginResolver, defaultValues: { email: '', password: '' } });

  const onSubmit = async ({ email, password }: LoginValues) => {
    setError(null);
    try {
      const result = await loginWithChain(email, password);
      if (result.kind === 'otp') {
        setChallenge(result.challenge);
        return;
      }
      await navigate(afterLoginPath(roleFromCollection(result.auth.record.collectionName), location.search), { replace: true });
    } catch (err) {
      setError(loginErrorMessage(err));
    }
  };

  if (challenge) {
    return (
      <OtpForm
        challenge={challenge}
        onDone={(collectionName) => navigate(afterLoginPath(roleFromCollection(collectionName), location.search), { replace: true })}
        onCancel={() => setChallenge(null)}
      />
    );
  }

  return (
    <AuthCard title="Anmelden" intro={LOGIN_INTRO}>
      {passwordWasReset && !error && (
        <Alert tone="success" className="mb-4">
          {RESET_SUCCESS_MESSAGE}
        </Alert>
      )}
      {returning && !passwordWasReset && !error && (
        <Alert tone="info" className="mb-4">
          {RETURN_NOTICE}
        </Alert>
      )}
      {error && (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      )}
      <PrerenderedForm onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
        <TextField label="E-Mail" type="email" autoComplete="username" required error={errors.email?.message} {...register('email')} />
        <TextField
          label="Passwort"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Anmelden...' : 'Anmelden'}
        </Button>
      </PrerenderedForm>
      <div className="mt-6 flex flex-col gap-2 text-sm">
        <Link to={paths.forgotPassword.getHref()} className="font-semibold text-brand-700 underline">
          Passwort vergessen?
        </Link>
        <p className="text-slate-700">
          Noch kein Konto?{' '}
          <Link to="/#register" className="font-semibold text-brand-700 underline">
            Jetzt registrieren
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
