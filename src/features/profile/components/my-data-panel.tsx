import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { DATA_EXPORT } from '@/rules/privacy';

import { downloadMyData } from '../api/download-my-data';
import { dataExportSchema, type DataExportValues } from '../schemas/account';
import { useOutcome } from './use-outcome';

export const MY_DATA_MESSAGES = {
  intro:
    'Laden Sie alles herunter, was das Portal über Sie gespeichert hat: Konto und Anschrift, Leistungszentren mit Kundennummern, Umsätze, Cashback-Codes, Einreichungen mit Bankdaten und Rechnungen, Prüfergebnisse, Auszahlungen und die E-Mails an Sie. Sie erhalten eine ZIP-Datei mit CSV-Dateien für Excel und denselben Angaben als JSON.',
  pace: `Zum Schutz Ihrer Daten fragen wir Ihr Passwort ab; eine neue Zusammenstellung ist alle ${DATA_EXPORT.minutesBetween} Minuten möglich.`,
  done: 'Ihre Daten wurden heruntergeladen. Sie finden die ZIP-Datei in Ihrem Download-Ordner.',
  working: 'Wird zusammengestellt...',
} as const;

/** 'Meine Daten' (issue 37): the workshop's data as a ZIP, with its password. */
export function MyDataPanel() {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DataExportValues>({ resolver: zodResolver(dataExportSchema), defaultValues: { password: '' } });
  const outcome = useOutcome(setError, ['password'], () => reset());
  const onSubmit = ({ password }: DataExportValues) =>
    outcome.run(async () => {
      await downloadMyData(password);
      return MY_DATA_MESSAGES.done;
    });
  return (
    <section aria-labelledby="my-data-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="my-data-heading" className="text-xl font-bold">
        Meine Daten
      </h2>
      <p className="mt-2 text-slate-700">{MY_DATA_MESSAGES.intro}</p>
      <p className="mt-2 text-sm text-slate-700">{MY_DATA_MESSAGES.pace}</p>
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="my-data-heading" className="mt-4 flex max-w-md flex-col gap-3">
        {outcome.notices}
        <TextField
          label="Aktuelles Passwort"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" disabled={isSubmitting} className="self-start">
          {isSubmitting ? MY_DATA_MESSAGES.working : 'Meine Daten herunterladen'}
        </Button>
      </form>
      <p className="mt-6 text-sm text-slate-700">
        Sie möchten nicht mehr teilnehmen?{' '}
        <Link to={paths.accountDeletion.getHref()} className="font-medium text-brand-700 underline">
          Konto löschen
        </Link>
      </p>
    </section>
  );
}
