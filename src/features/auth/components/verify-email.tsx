import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ResendVerificationForm } from '@/components/verification-notice';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/stores/session';

import { confirmVerification } from '../api/confirm-verification';
import { AuthCard } from './auth-card';

export const INVALID_LINK = 'Ungültiger Bestätigungslink.';

type VerifyState = 'pending' | 'SUCCESS' | 'ERROR';

export function VerifyEmail({ token }: { token: string | undefined }) {
  const [state, setState] = useState<VerifyState>(token ? 'pending' : 'ERROR');
  const role = useSessionStore((s) => s.role);

  useEffect(() => {
    let live = true;
    if (!token) return;
    void confirmVerification(token).then((ok) => live && setState(ok ? 'SUCCESS' : 'ERROR'));
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <AuthCard title="Registrierung bestätigen">
      {state === 'pending' && <Spinner label="Ihre E-Mail-Adresse wird bestätigt..." />}
      {state === 'SUCCESS' && (
        <>
          <Alert tone="success">Vielen Dank! Ihre E-Mail-Adresse wurde erfolgreich bestätigt.</Alert>
          <Link
            to={role === 'User' ? paths.profile.getHref() : paths.login.getHref()}
            className={buttonVariants({ className: 'mt-6 w-full' })}
          >
            {role === 'User' ? 'Zum Profil' : 'Zum Login'}
          </Link>
        </>
      )}
      {state === 'ERROR' && (
        <>
          <Alert tone="error">
            <p className="font-semibold">{INVALID_LINK}</p>
            <p className="mt-1">
              Bitte prüfen Sie, ob Sie den vollständigen Link aus der E-Mail geöffnet haben. Der Link ist nur einmal und nur begrenzte Zeit
              gültig.
            </p>
          </Alert>
          {/* An expired link: a new one, for the address the visitor types. */}
          <ResendVerificationForm />
        </>
      )}
    </AuthCard>
  );
}
