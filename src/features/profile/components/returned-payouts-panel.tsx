import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { maskIban, returnReasonLabel } from '@/rules';

import { BankDetailsError, RETURNED_MESSAGES, type ReturnedPayout } from '../api/model';
import { saveBankDetails } from '../api/save-bank-details';
import { bankDetailsSchema, type BankDetailsInput, type BankDetailsValues } from '../schemas/bank-details';

/**
 * Payouts the bank sent back (DECISIONS section 6): for each, the reason and a form for the
 * correct bank details of exactly that submission. Nothing shows when none came back.
 */
export function ReturnedPayoutsPanel({
  returned,
  failed,
  onSaved,
}: {
  returned: ReturnedPayout[];
  failed: boolean;
  /** Loads the page again (the saved payout leaves the list). */
  onSaved: () => unknown;
}) {
  const [saved, setSaved] = useState<string | null>(null);
  if (failed) return <Alert tone="error">{RETURNED_MESSAGES.loadFailed}</Alert>;
  if (returned.length === 0 && !saved) return null;
  return (
    <section aria-label="Bankverbindung korrigieren" className="rounded-xl border border-amber-600 bg-amber-50 p-6">
      <h2 className="text-xl font-bold text-slate-900">Bankverbindung korrigieren</h2>
      {saved && (
        <Alert tone="success" className="mt-4">
          {saved}
        </Alert>
      )}
      {returned.map((p) => (
        <BankDetailsForm
          key={p.id}
          payout={p}
          onSaved={() => {
            setSaved(RETURNED_MESSAGES.saved);
            void onSaved();
          }}
        />
      ))}
    </section>
  );
}

function BankDetailsForm({ payout, onSaved }: { payout: ReturnedPayout; onSaved: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<BankDetailsInput, unknown, BankDetailsValues>({
    resolver: zodResolver(bankDetailsSchema),
    defaultValues: { ibanFirstName: '', ibanLastName: '', ibanNumber: '', ibanBic: '' },
  });
  const submit = async (values: BankDetailsValues) => {
    setError(null);
    try {
      await saveBankDetails(payout.id, values);
      onSaved();
    } catch (err) {
      if (err instanceof BankDetailsError && Object.keys(err.fields).length > 0) {
        for (const [field, message] of Object.entries(err.fields))
          setFieldError(field as keyof BankDetailsInput, { type: 'server', message });
      } else setError(err instanceof Error ? err.message : RETURNED_MESSAGES.saveFailed);
    }
  };
  const reason = returnReasonLabel(payout.returnReason);
  return (
    <form onSubmit={(e) => void handleSubmit(submit)(e)} noValidate className="mt-4 rounded-lg border border-amber-300 bg-white p-4">
      <p className="text-slate-800">
        Die Überweisung Ihres Cashbacks zum Code <strong className="font-mono">{payout.endToEndId}</strong> an das Konto{' '}
        <span className="font-mono">{maskIban(payout.iban)}</span> kam zurück. Grund: {reason}. Bitte geben Sie die richtige Bankverbindung
        an; wir überweisen dann erneut.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label="Vorname Kontoinhaber *"
          autoComplete="given-name"
          error={errors.ibanFirstName?.message}
          {...register('ibanFirstName')}
        />
        <TextField
          label="Nachname Kontoinhaber *"
          autoComplete="family-name"
          error={errors.ibanLastName?.message}
          {...register('ibanLastName')}
        />
        <TextField label="IBAN *" autoComplete="off" error={errors.ibanNumber?.message} {...register('ibanNumber')} />
        <TextField label="BIC *" autoComplete="off" error={errors.ibanBic?.message} {...register('ibanBic')} />
      </div>
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      <Button type="submit" className="mt-4" disabled={isSubmitting}>
        {isSubmitting ? 'Wird gespeichert...' : 'Bankverbindung speichern'}
      </Button>
    </form>
  );
}
