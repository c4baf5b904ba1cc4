import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { Alert } from '@/components/ui/alert';
import { TextField } from '@/components/ui/text-field';

import { passwordAgainSchema as schema } from '../schemas/init';
import { useRegistrationStore } from '../stores/registration';

/**
 * After a reload the password is gone (it is never stored, DECISIONS 2.3); the visitor types it
 * again, once. The form has no button of its own: the wizard's one primary button ('Weiter')
 * submits it by `id`, so no second, disabled button stands beside it (issue 58).
 */
export function PasswordReentry({ id }: { id: string }) {
  const email = useRegistrationStore((s) => s.data.email);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="info">
        Ihre Angaben sind gespeichert. Aus Sicherheitsgründen speichern wir Ihr Passwort nicht im Browser – bitte geben Sie es für{' '}
        <strong>{email}</strong> einmal erneut ein.
      </Alert>
      <form
        id={id}
        noValidate
        className="flex max-w-md flex-col gap-4"
        onSubmit={handleSubmit(({ password }) => useRegistrationStore.getState().update({ password, passwordConfirm: password }))}
      >
        <TextField
          label="Passwort"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
      </form>
    </div>
  );
}
