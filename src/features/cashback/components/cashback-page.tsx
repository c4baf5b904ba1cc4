import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';

import { CampaignClockNote } from '@/components/campaign-clock-note';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { TooltipProvider } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { useLeaveWarning } from '@/hooks/use-leave-warning';
import { useLoad } from '@/hooks/use-load';
import { currentUserId, SessionError } from '@/lib/auth';
import { useActiveCampaign } from '@/lib/campaign';
import { trackEvent } from '@/lib/consent';
import { maskIban } from '@/rules/mask';
import { showToast } from '@/stores/toasts';

import { checkVoucher, type OwnVoucher } from '../api/check-voucher';
import { createSubmission } from '../api/create-submission';
import { loadRedeemContext } from '../api/load-redeem-context';
import { SubmissionError, type RedeemContext } from '../api/model';
import { CASHBACK_MESSAGES, cashbackSchema, compactIban, type CashbackInput, type CashbackValues } from '../schemas/cashback';
import { OpenCodes } from './open-codes';
import { RedeemNotices } from './redeem-notices';
import { TaxDeclaration } from './tax-declaration';
import { UploadWidget } from './upload-widget';
import { clearDraft, readDraft, writeDraft } from './draft';

/** Which form field shows a server field error: the server's field name, the form's. */
const SERVER_FIELDS = [
  ['voucher', 'cashbackCode'],
  ['ibanFirstName', 'firstName'],
  ['ibanLastName', 'lastName'],
  ['ibanNumber', 'iban'],
  ['ibanBic', 'bic'],
  ['file', 'invoice'],
] as const;

const EMPTY: CashbackInput = {
  firstName: '',
  lastName: '',
  iban: '',
  bic: '',
  invoice: undefined as unknown as File,
  cashbackCode: '',
  declarationSalesTax: false,
};

function Section({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`cashback-section-${number}`} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={`cashback-section-${number}`} className="flex items-center gap-3 text-xl font-bold">
        <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-full bg-brand-700 text-white">
          {number}
        </span>
        <span>
          <span className="sr-only">{number}. </span>
          {title}
        </span>
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function CashbackPage() {
  const navigate = useNavigate();
  const { campaign } = useActiveCampaign();
  const prefix = campaign?.codePrefix ?? 'NORA';
  const schema = useMemo(() => cashbackSchema(prefix), [prefix]);
  const [progress, setProgress] = useState<number | null>(null);
  const [pageError, setPageError] = useState<string | null>(null);
  // 'Zurücksetzen' starts the invoice picker afresh, its own refusal of a file included.
  const [widgetKey, setWidgetKey] = useState(0);
  // The draft of this tab (a reload keeps what was typed) and the code a resubmission mail links
  // with (issue 58).
  const [params] = useSearchParams();
  const [userId] = useState(() => {
    try {
      return currentUserId();
    } catch {
      return '';
    }
  });
  const [initial] = useState<CashbackInput>(() => {
    const code = (params.get('code') ?? '').trim().slice(0, 60);
    return { ...EMPTY, ...(userId ? readDraft(userId) : null), ...(code ? { cashbackCode: code } : {}) };
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CashbackInput, unknown, CashbackValues>({ resolver: zodResolver(schema), defaultValues: initial });
  useEffect(() => {
    if (!userId) return;
    const subscription = watch((values) => writeDraft(userId, values));
    return () => subscription.unsubscribe();
  }, [watch, userId]);
  const iban = useWatch({ control, name: 'iban' });
  // A chosen invoice cannot be kept as a draft: leaving asks first (issue 58).
  const invoice = useWatch({ control, name: 'invoice' });
  useLeaveWarning(Boolean(invoice) && !isSubmitting, CASHBACK_MESSAGES.leaveWithInvoice);
  const context = useLoad<RedeemContext | null>(loadRedeemContext, null).data;
  const unverified = context !== null && !context.verified;
  const blocked = context !== null && context.blocked;
  // The account holder is usually the workshop's owner: prefilled, still editable.
  useEffect(() => {
    if (!context) return;
    if (!getValues('firstName')) setValue('firstName', context.firstName);
    if (!getValues('lastName')) setValue('lastName', context.lastName);
  }, [context, getValues, setValue]);

  const submit = async (values: CashbackValues) => {
    setPageError(null);
    let voucher: OwnVoucher | null;
    try {
      voucher = await checkVoucher(values.cashbackCode);
    } catch (err) {
      console.error(err);
      setPageError(CASHBACK_MESSAGES.checkFailed);
      return;
    }
    if (!voucher || voucher.status !== 'open') {
      const message = !voucher
        ? CASHBACK_MESSAGES.invalidCode
        : voucher.status === 'audit'
          ? CASHBACK_MESSAGES.codeInReview
          : CASHBACK_MESSAGES.codeRedeemed;
      setError('cashbackCode', { type: 'server', message }, { shouldFocus: true });
      return;
    }
    try {
      setProgress(0);
      await createSubmission(
        {
          ibanFirstName: values.firstName,
          ibanLastName: values.lastName,
          ibanNumber: compactIban(values.iban),
          ibanBic: values.bic.toUpperCase(),
          campaign: voucher.campaign,
          voucher: voucher.id,
          user: currentUserId(),
          file: values.invoice,
        },
        setProgress,
      );
    } catch (err) {
      console.error(err);
      setProgress(null);
      // The server's field errors carry their final German message: shown as they are, on
      // the form field they belong to.
      const field = err instanceof SubmissionError ? SERVER_FIELDS.find(([name]) => err.data[name]?.message) : undefined;
      if (err instanceof SubmissionError && err.status === 0) {
        setPageError(CASHBACK_MESSAGES.uploadFailed);
      } else if (err instanceof SubmissionError && field) {
        setError(field[1], { type: 'server', message: err.data[field[0]]!.message });
      } else if (err instanceof SessionError) {
        setPageError(err.message);
      } else {
        setError('invoice', { type: 'server', message: CASHBACK_MESSAGES.submitFailed });
      }
      return;
    }
    trackEvent('cashbackSubmit', { campaign: voucher.campaign });
    if (userId) clearDraft(userId);
    reset(EMPTY);
    setProgress(null);
    showToast('success', CASHBACK_MESSAGES.success);
    await navigate(paths.profile.getHref());
  };

  const codeError = errors.cashbackCode?.message;

  return (
    <TooltipProvider>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold text-slate-900">Cashback einlösen</h1>
        <p className="mt-2 text-slate-700">
          Laden Sie die Rechnung Ihres nächsten Einkaufs hoch und geben Sie Ihren Cashback-Code und Ihre Bankverbindung ein. Pflichtfelder
          sind mit <span className="text-red-700">*</span> markiert.
        </p>
        <CampaignClockNote className="mt-6" />
        <RedeemNotices context={context} contactEmail={campaign?.contactEmail ?? ''} />
        {pageError && (
          <Alert tone="error" className="mt-6">
            {pageError}
          </Alert>
        )}
        <form noValidate onSubmit={handleSubmit(submit)} className="mt-6 flex flex-col gap-6">
          <Section number={1} title="Bankverbindung">
            {context?.lastBank && !iban && (
              <Button
                variant="outline"
                size="sm"
                className="mb-4"
                onClick={() => {
                  const last = context.lastBank!;
                  setValue('firstName', last.firstName, { shouldDirty: true });
                  setValue('lastName', last.lastName, { shouldDirty: true });
                  setValue('iban', last.iban, { shouldDirty: true });
                  setValue('bic', last.bic, { shouldDirty: true });
                }}
              >
                Bankverbindung der letzten Einreichung übernehmen ({maskIban(context.lastBank.iban)})
              </Button>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Vorname" required autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
              <TextField label="Nachname" required autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
              <TextField
                label="IBAN"
                required
                autoComplete="off"
                spellCheck={false}
                maxLength={42}
                error={errors.iban?.message}
                {...register('iban')}
              />
              <TextField
                label="BIC"
                required
                autoComplete="off"
                spellCheck={false}
                maxLength={11}
                error={errors.bic?.message}
                {...register('bic')}
              />
            </div>
          </Section>
          <Section number={2} title="Rechnung hochladen">
            <Controller
              control={control}
              name="invoice"
              render={({ field }) => (
                <UploadWidget
                  key={widgetKey}
                  file={field.value ?? null}
                  onChange={field.onChange}
                  error={errors.invoice?.message}
                  progress={progress}
                />
              )}
            />
          </Section>
          <Section number={3} title="Cashback-Code">
            <TextField
              label="Cashback-Code"
              required
              autoComplete="off"
              spellCheck={false}
              maxLength={60}
              hint={`Der Code aus Ihrer E-Mail, z. B. ${prefix}-XXXX-XXXX`}
              error={codeError}
              {...register('cashbackCode')}
            />
            {codeError === CASHBACK_MESSAGES.invalidCode && (
              <p className="mt-1 inline-block rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                {CASHBACK_MESSAGES.codeHint}
              </p>
            )}
            <OpenCodes
              codes={context?.openCodes ?? []}
              onPick={(code) => setValue('cashbackCode', code, { shouldValidate: Boolean(codeError) })}
            />
          </Section>
          <TaxDeclaration field={register('declarationSalesTax')} error={errors.declarationSalesTax?.message} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Button
              variant="ghost"
              disabled={isSubmitting}
              onClick={() => {
                reset(EMPTY);
                setPageError(null);
                setWidgetKey((k) => k + 1);
              }}
            >
              Zurücksetzen
            </Button>
            <Button type="submit" disabled={isSubmitting || unverified || blocked}>
              {isSubmitting ? 'Senden...' : 'Bestätigen & Fortfahren'}
            </Button>
          </div>
        </form>
      </div>
    </TooltipProvider>
  );
}
