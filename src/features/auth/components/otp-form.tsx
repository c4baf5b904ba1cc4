import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { AUTH_MESSAGES, loginErrorMessage, otpErrorMessage } from '@/lib/auth';
import { lazyZodResolver } from '@/lib/lazy-resolver';

import { completeOtp } from '../api/complete-otp';
import type { OtpChallenge } from '../api/model';
import { resendOtp } from '../api/resend-otp';
import type { OtpValues } from '../schemas/auth';
import { AuthCard } from './auth-card';

const otpResolver = lazyZodResolver<OtpValues>(() => import('../schemas/auth').then((m) => m.otpSchema));

/** Second login step for administrators and auditors: the one-time code from the mail. */
export function OtpForm({
  challenge: first,
  onDone,
  onCancel,
}: {
  challenge: OtpChallenge;
  onDone: (collectionName: string) => Promise<void> | void;
  onCancel: () => void;
}) {
  const [challenge, setChallenge] = useState(first);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<OtpValues>({ resolver: otpResolver, defaultValues: { code: '' } });

  const onSubmit = async ({ code }: OtpValues) => {
    setError(null);
    setInfo(null);
    try {
      const auth = await completeOtp(challenge, code);
      await onDone(auth.record.collectionName);
    } catch (err) {
      setError(otpErrorMessage(err));
      setFocus('code');
    }
  };

  const resend = async () => {
    setError(null);
    setInfo(null);
    setResending(true);
    try {
      setChallenge(await resendOtp(challenge));
      setInfo(AUTH_MESSAGES.otpResent);
    } catch (err) {
      setError(loginErrorMessage(err));
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard title="Bestätigungscode">
      <p className="mb-4 text-slate-700">
        Wir haben Ihnen einen 6-stelligen Bestätigungscode an <strong className="break-all">{challenge.email}</strong> geschickt. Er ist 5
        Minuten gültig.
      </p>
      {info && (
        <Alert tone="success" className="mb-4">
          {info}
        </Alert>
      )}
      {error && (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      )}
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
        <TextField
          label="Bestätigungscode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          autoFocus
          error={errors.code?.message}
          {...register('code')}
        />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Wird geprüft...' : 'Bestätigen'}
        </Button>
      </form>
      <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <button type="button" className="font-semibold text-brand-700 underline" disabled={resending} onClick={() => void resend()}>
          {resending ? 'Wird gesendet...' : 'Neuen Code senden'}
        </button>
        <button type="button" className="font-semibold text-brand-700 underline" onClick={onCancel}>
          Zurück zur Anmeldung
        </button>
      </div>
    </AuthCard>
  );
}
