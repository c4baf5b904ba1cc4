import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

import { passwordAgainSchema as schema } from '../schemas/init';
import { useRegistrationStore } from '../stores/registration';

/** After a reload the password is gone (it is never stored, DECISIONS 2.3); the visitor types it again. */
export function PasswordReentry() {
  const email = useRegistrationStore((s) => s.data.email);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { password: '', passwordConfirm: '' } });
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="info">
        Ihre Angaben sind gespeichert. Aus Sicherheitsgründen speichern wir Ihr Passwort nicht im Browser – bitte geben Sie es für{' '}
        <strong>{email}</strong> erneut ein.
      </Alert>
      <form
        noValidate
        className="flex max-w-md flex-col gap-4"
        onSubmit={handleSubmit((values) => useRegistrationStore.getState().update(values))}
      >
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
        <Button type="submit">Weiter</Button>
      </form>
    </div>
  );
}
