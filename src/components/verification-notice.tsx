import { useId, useState, type ReactNode } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { emailField, LOGIN_EMAIL_MESSAGES } from '@/lib/validation';
import { requestVerificationMail } from '@/lib/api/request-verification';
import { VERIFICATION_MESSAGES } from '@/lib/verification';

const RESEND_EMAIL = emailField(LOGIN_EMAIL_MESSAGES);

type SendState = 'idle' | 'sending' | 'sent' | 'failed';

function useResend() {
  const [state, setState] = useState<SendState>('idle');
  const send = async (email: string) => {
    setState('sending');
    try {
      await requestVerificationMail(email);
      setState('sent');
    } catch (err) {
      console.error('Bestätigungs-E-Mail nicht angefordert', err);
      setState('failed');
    }
  };
  return { state, send };
}

function SendResult({ state, email }: { state: SendState; email: string }) {
  if (state === 'sent') return <p className="mt-2 font-semibold text-green-800">{VERIFICATION_MESSAGES.sent(email)}</p>;
  if (state === 'failed')
    return (
      <p role="alert" className="mt-2 font-semibold text-red-800">
        {VERIFICATION_MESSAGES.failed}
      </p>
    );
  return null;
}

/**
 * 'E-Mail-Adresse nicht bestätigt' with 'Bestätigungs-E-Mail erneut senden' (DECISIONS section 7):
 * on the profile and on the cashback page of a workshop that has not opened its link yet.
 */
export function VerificationNotice({ email, children }: { email: string; children?: ReactNode }) {
  const { state, send } = useResend();
  return (
    <Alert tone="warning">
      <p className="font-semibold">{VERIFICATION_MESSAGES.title}</p>
      <p className="mt-1">{children ?? VERIFICATION_MESSAGES.pending(email)}</p>
      <Button variant="outline" size="sm" className="mt-3" disabled={state === 'sending'} onClick={() => void send(email)}>
        {state === 'sending' ? VERIFICATION_MESSAGES.sending : VERIFICATION_MESSAGES.resend}
      </Button>
      <div aria-live="polite">
        <SendResult state={state} email={email} />
      </div>
    </Alert>
  );
}

/** The same offer where the address is not known (an expired or invalid link): the visitor types it. */
export function ResendVerificationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { state, send } = useResend();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className="mt-6 flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        const checked = RESEND_EMAIL.safeParse(email);
        if (!checked.success) {
          setError(checked.error.issues[0]!.message);
          return;
        }
        setError(null);
        void send(email);
      }}
    >
      <p id={`${id}-title`} className="font-semibold">
        Neuen Bestätigungslink anfordern
      </p>
      <TextField
        label="E-Mail"
        type="email"
        autoComplete="email"
        value={email}
        error={error ?? undefined}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" disabled={state === 'sending'}>
        {state === 'sending' ? VERIFICATION_MESSAGES.sending : VERIFICATION_MESSAGES.resend}
      </Button>
      <div aria-live="polite">
        <SendResult state={state} email={email.trim()} />
      </div>
    </form>
  );
}
