import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError, type UseFormWatch } from 'react-hook-form';

import { TextField } from '@/components/ui/text-field';

import { accountSchema, addressSchema, type AccountValues, type AddressValues } from '../schemas/steps';
import { useRegistrationStore, type DraftStep, type RegistrationData } from '../stores/registration';

function useServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, names: readonly string[]) {
  const fieldErrors = useRegistrationStore((s) => s.fieldErrors);
  useEffect(() => {
    // The server's messages are the rulebook's German text: shown as they are.
    for (const [field, message] of Object.entries(fieldErrors)) {
      if (names.includes(field)) setError(field as Path<T>, { type: 'server', message }, { shouldFocus: true });
    }
  }, [fieldErrors, names, setError]);
}

const ACCOUNT_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;
const ADDRESS_FIELDS = ['shopName', 'address', 'streetNumber', 'zipCode', 'city'] as const;

export const FIELD_STEP: Record<string, 'init' | 'account' | 'address'> = {
  password: 'init',
  passwordConfirm: 'init',
  termsAccepted: 'init',
  ...Object.fromEntries(ACCOUNT_FIELDS.map((f) => [f, 'account'])),
  ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, 'address'])),
};

/** Keeps what is typed on a step as its draft, so 'Zurück' and a reload lose nothing. */
function useDraft<T extends FieldValues>(step: DraftStep, watch: UseFormWatch<T>) {
  useEffect(() => {
    const subscription = watch((values) => useRegistrationStore.getState().saveDraft(step, values as Partial<RegistrationData>));
    return () => subscription.unsubscribe();
  }, [step, watch]);
}

export function AccountForm({ id, onDone }: { id: string; onDone: () => void }) {
  const data = useRegistrationStore((s) => s.data);
  const draft = useRegistrationStore((s) => s.drafts.account);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<AccountValues>({
    resolver: zodResolver(accountSchema),
    defaultValues: { firstName: data.firstName, lastName: data.lastName, email: data.email, phone: data.phone, ...draft },
  });
  useServerErrors(setError, ACCOUNT_FIELDS);
  useDraft('account', watch);
  return (
    <form
      id={id}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={handleSubmit((values) => {
        useRegistrationStore.getState().confirmStep('account', values);
        onDone();
      })}
    >
      <TextField label="Vorname" autoComplete="given-name" required error={errors.firstName?.message} {...register('firstName')} />
      <TextField label="Nachname" autoComplete="family-name" required error={errors.lastName?.message} {...register('lastName')} />
      <TextField label="E-Mail" type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
      <TextField
        label="Telefon"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={20}
        error={errors.phone?.message}
        {...register('phone')}
      />
    </form>
  );
}

export function AddressForm({ id, onDone }: { id: string; onDone: () => void }) {
  const data = useRegistrationStore((s) => s.data);
  const draft = useRegistrationStore((s) => s.drafts.address);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<AddressValues>({
    resolver: zodResolver(addressSchema),
    defaultValues: {
      shopName: data.shopName,
      address: data.address,
      streetNumber: data.streetNumber,
      zipCode: data.zipCode,
      city: data.city,
      ...draft,
    },
  });
  useServerErrors(setError, ADDRESS_FIELDS);
  useDraft('address', watch);
  return (
    <form
      id={id}
      noValidate
      className="grid gap-4 sm:grid-cols-6"
      onSubmit={handleSubmit((values) => {
        useRegistrationStore.getState().confirmStep('address', values);
        onDone();
      })}
    >
      <TextField
        label="Werkstattname"
        autoComplete="organization"
        required
        className="sm:col-span-6"
        error={errors.shopName?.message}
        {...register('shopName')}
      />
      <TextField
        label="Straße"
        autoComplete="address-line1"
        required
        className="sm:col-span-4"
        error={errors.address?.message}
        {...register('address')}
      />
      <TextField
        label="Hausnummer"
        required
        className="sm:col-span-2"
        maxLength={10}
        error={errors.streetNumber?.message}
        {...register('streetNumber')}
      />
      <TextField
        label="PLZ"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        required
        className="sm:col-span-2"
        error={errors.zipCode?.message}
        {...register('zipCode')}
      />
      <TextField
        label="Ort"
        autoComplete="address-level2"
        required
        className="sm:col-span-4"
        error={errors.city?.message}
        {...register('city')}
      />
    </form>
  );
}
