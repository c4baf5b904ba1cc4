import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { PrerenderedForm } from '@/components/ui/prerendered-form';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';

import type { InitValues } from '../schemas/init';
import { lazyInitResolver } from '../schemas/init-resolver';
import { useRegistrationStore } from '../stores/registration';

export const ACCOUNT_STEP_DELAY_MS = 100;

/** The first wizard state: on the landing page (#register) and at /register/init. */
export function InitForm() {
  const navigate = useNavigate();
  // Read once, not through the hook: while the prerendered landing page hydrates, a hook sees
  // the store's first state, not what this visitor entered before a reload (decision 021).
  const [stored] = useState(() => useRegistrationStore.getState().data);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<InitValues>({
    resolver: lazyInitResolver,
    defaultValues: {
      email: stored.email,
      password: stored.password,
      passwordConfirm: stored.passwordConfirm,
      termsAccepted: stored.termsAccepted,
    },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(paths.registerStep.getHref('account')), ACCOUNT_STEP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = (values: InitValues) => {
    const store = useRegistrationStore.getState();
    store.update(values);
    if (store.step === 'init') store.setStep('account');
    setDone(true);
  };

  return (
    <PrerenderedForm onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4" aria-label="Registrierung starten">
      <TextField label="E-Mail" type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
      <TextField
        label="Passwort"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Passwort wiederholen"
        type="password"
        autoComplete="new-password"
        required
        error={errors.passwordConfirm?.message}
        {...register('passwordConfirm')}
      />
      <CheckboxField
        required
        error={errors.termsAccepted?.message}
        label={
          <>
            Ich habe die{' '}
            <Link to={paths.aktionsbedingungen.getHref()} className="font-semibold text-brand-700 underline">
              Aktionsbedingungen
            </Link>{' '}
            gelesen und akzeptiere sie.
          </>
        }
        {...register('termsAccepted')}
      />
      <Button type="submit" size="lg" disabled={isSubmitting || done}>
        Jetzt registrieren
      </Button>
    </PrerenderedForm>
  );
}
