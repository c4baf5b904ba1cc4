import { zodResolver } from '@hookform/resolvers/zod';
import { ClientResponseError } from 'pocketbase';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import { AddCentreDialog } from '@/components/service-centres/add-centre-dialog';
import { CentreList } from '@/components/service-centres/centre-list';
import type { CentreLink } from '@/components/service-centres/schema';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { SessionError } from '@/lib/auth';

import { PROFILE_MESSAGES, type Profile } from '../api/model';
import { syncConnections } from '../api/sync-connections';
import { updateProfile } from '../api/update-profile';
import { INCOMPLETE_WARNING, missingLine, missingParts, profileSchema, type ProfileValues } from '../schemas/profile';

export const RELOAD_AFTER_SAVE_MS = 500;

type Result = { tone: 'success' | 'error'; text: string } | null;

function valuesOf(profile: Profile): ProfileValues {
  const { id: _id, email: _email, verified: _verified, connections, ...fields } = profile;
  return { ...fields, connections };
}

export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: () => Promise<Profile | null> }) {
  const [result, setResult] = useState<Result>(null);
  const [missing, setMissing] = useState(() => missingParts(valuesOf(profile)));
  const {
    register,
    handleSubmit,
    control,
    setValue,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({ resolver: zodResolver(profileSchema), defaultValues: valuesOf(profile) });
  const connections = useWatch({ control, name: 'connections', defaultValue: profile.connections }) ?? [];

  // After the reload the form shows what the server stored.
  useEffect(() => reset(valuesOf(profile)), [profile, reset]);

  const setConnections = (next: CentreLink[]) => setValue('connections', next, { shouldDirty: true, shouldValidate: !!errors.connections });

  const save = async (values: ProfileValues) => {
    setResult(null);
    // A workshop that has a centre keeps one: nothing is saved when the last one was removed.
    if (profile.connections.length > 0 && values.connections.length === 0) {
      setResult({ tone: 'error', text: PROFILE_MESSAGES.lastCentre });
      return;
    }
    try {
      await updateProfile(values);
    } catch (err) {
      if (err instanceof ClientResponseError && err.status === 400) {
        for (const field of Object.keys(err.response?.data ?? {})) {
          if (field in values) setError(field as keyof ProfileValues, { type: 'server', message: PROFILE_MESSAGES.storeFailed });
        }
        setResult({ tone: 'error', text: PROFILE_MESSAGES.storeFailed });
      } else {
        setResult({
          tone: 'error',
          text: err instanceof SessionError ? err.message : PROFILE_MESSAGES.saveFailed,
        });
      }
      return;
    }
    const synced = await syncConnections(profile.connections, values.connections);
    setResult(synced ? { tone: 'success', text: PROFILE_MESSAGES.saved } : { tone: 'error', text: PROFILE_MESSAGES.connectionsFailed });
    // SPEC: the form reloads from the server half a second after saving.
    await new Promise((r) => setTimeout(r, RELOAD_AFTER_SAVE_MS));
    const fresh = await onSaved();
    setMissing(missingParts(fresh ? valuesOf(fresh) : values));
  };

  // Field errors of the customer numbers, by centre, for the list.
  const listErrors = Array.isArray(errors.connections)
    ? (errors.connections as ({ customerNumber?: { message?: string } } | undefined)[])
    : [];
  const connectionErrors = Object.fromEntries(listErrors.map((e, i) => [connections[i]?.partnerId ?? '', e?.customerNumber?.message]));

  return (
    <section aria-labelledby="profile-form-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="profile-form-heading" className="text-xl font-bold">
        Ihre Profildaten
      </h2>
      {missing.length > 0 && (
        <Alert tone="warning" className="mt-4">
          <p>{INCOMPLETE_WARNING}</p>
          <p className="mt-1 font-semibold">{missingLine(missing)}</p>
        </Alert>
      )}
      <form noValidate onSubmit={handleSubmit(save)} className="mt-6 flex flex-col gap-6">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">Kontakt</legend>
          <TextField label="Vorname" required autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
          <TextField label="Nachname" required autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
          <TextField
            label="E-Mail"
            type="email"
            value={profile.email}
            disabled
            readOnly
            hint="Ändern können Sie sie unten unter „Zugangsdaten“ (mit einem Bestätigungslink an die neue Adresse)."
          />
          <TextField label="Telefon" type="tel" inputMode="tel" maxLength={20} error={errors.phone?.message} {...register('phone')} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-6">
          <legend className="mb-2 font-semibold">Adresse</legend>
          <TextField label="Werkstattname" required className="sm:col-span-6" error={errors.shopName?.message} {...register('shopName')} />
          <TextField label="Straße" required className="sm:col-span-4" error={errors.address?.message} {...register('address')} />
          <TextField
            label="Hausnummer"
            required
            maxLength={10}
            className="sm:col-span-2"
            error={errors.streetNumber?.message}
            {...register('streetNumber')}
          />
          <TextField
            label="PLZ"
            required
            inputMode="numeric"
            maxLength={5}
            className="sm:col-span-2"
            error={errors.zipCode?.message}
            {...register('zipCode')}
          />
          <TextField label="Ort" required className="sm:col-span-4" error={errors.city?.message} {...register('city')} />
        </fieldset>
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 font-semibold">Leistungszentren</legend>
          <CentreList
            links={connections}
            errors={connectionErrors}
            onRemove={(partnerId) => setConnections(connections.filter((c) => c.partnerId !== partnerId))}
            onCustomerNumberChange={(partnerId, customerNumber) =>
              setConnections(connections.map((c) => (c.partnerId === partnerId ? { ...c, customerNumber } : c)))
            }
          />
          <div>
            <AddCentreDialog linkedIds={connections.map((c) => c.partnerId)} onAdd={(link) => setConnections([...connections, link])} />
          </div>
        </fieldset>
        {result && <Alert tone={result.tone}>{result.text}</Alert>}
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Wird gespeichert...' : 'Speichern'}
          </Button>
        </div>
      </form>
    </section>
  );
}
