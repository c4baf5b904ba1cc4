import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';

import { AddCentreDialog } from '@/components/service-centres/add-centre-dialog';
import { CentreList } from '@/components/service-centres/centre-list';
import { PARTNER_MESSAGES } from '@/components/service-centres/schema';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { VERIFICATION_MESSAGES } from '@/lib/verification';
import { showToast } from '@/stores/toasts';

import { CONNECTIONS_FAILED, RegistrationError, registerWorkshop } from '../api/register-workshop';
import { submitProblem } from '../schemas/steps';
import { useRegistrationStore, type RegistrationData, type WizardStep } from '../stores/registration';
import { guardRedirect, nextStep, parseStep, previousStep, stepIndex } from '../utils/steps';
import { InitForm } from './init-form';
import { PasswordReentry } from './password-reentry';
import { ProgressBar } from './progress-bar';
import { AccountForm, AddressForm, FIELD_STEP } from './step-forms';

export const STEP_TEXTS: Record<Exclude<WizardStep, 'init'>, { heading: string; text: string }> = {
  account: { heading: '1. Account erstellen', text: 'Um an der Aktion teilzunehmen, müssen Sie ein Konto erstellen.' },
  address: {
    heading: '2. Adresse angeben',
    text: 'Bitte geben Sie Ihre aktuelle Adresse an. Sie können Ihre Daten jederzeit in Ihrem Profil ändern.',
  },
  partner: {
    heading: '3. Ihr NORA Leistungszentrum',
    text: 'Wählen Sie Ihr Leistungszentrum aus und fügen Sie Ihre Kundennummer hinzu.',
  },
  overview: {
    heading: '4. Übersicht',
    text: 'Prüfen Sie, ob alles korrekt ist. Sie können Ihre Angaben später in den Profileinstellungen ändern.',
  },
};

function CancelDialog({ open, onOpenChange, onConfirm }: { open: boolean; onOpenChange: (o: boolean) => void; onConfirm: () => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogTitle>Registrierung abbrechen</DialogTitle>
        <DialogDescription>
          Möchten Sie die Registrierung wirklich abbrechen? Alle eingegebenen Daten gehen dabei verloren.
        </DialogDescription>
        <div className="mt-6 flex justify-end gap-3">
          <DialogClose asChild>
            <Button variant="outline">Zurück</Button>
          </DialogClose>
          <Button variant="danger" onClick={onConfirm}>
            Abbrechen
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Summary({ data }: { data: RegistrationData }) {
  const rows: [string, string][] = [
    ['E-Mail', data.email],
    ['Vorname', data.firstName],
    ['Nachname', data.lastName],
    ['Telefon', data.phone || '-'],
    ['Werkstattname', data.shopName],
    ['Straße und Hausnummer', `${data.address} ${data.streetNumber}`],
    ['PLZ und Ort', `${data.zipCode} ${data.city}`],
  ];
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-x-6 gap-y-3 rounded-md border border-slate-300 p-4 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-700">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="summary-centres">
        <h2 id="summary-centres" className="mb-2 text-lg font-bold">
          Leistungszentren
        </h2>
        <CentreList links={data.lzConnections} />
      </section>
    </div>
  );
}

/** The registration wizard of SPEC section 2 with the five states of DECISIONS 2.1. */
export function RegistrationWizard({ segment }: { segment: string | undefined }) {
  const navigate = useNavigate();
  const step = parseStep(segment);
  const { data, step: progress, submitting, error } = useRegistrationStore();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [partnerError, setPartnerError] = useState<string | null>(null);

  if (segment !== step) return <Navigate to={paths.registerStep.getHref(step)} replace />;
  if (step === 'init') {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <h1 className="text-3xl font-bold">Jetzt registrieren</h1>
        <p className="mt-2 mb-6 text-slate-700">Legen Sie Ihr Konto an – in wenigen Minuten sind Sie dabei.</p>
        <InitForm />
      </div>
    );
  }
  const redirect = guardRedirect(step, progress, data);
  if (redirect) return <Navigate to={redirect} replace />;

  const store = useRegistrationStore.getState;
  const goTo = (target: WizardStep) => void navigate(paths.registerStep.getHref(target));
  const advance = () => {
    const next = nextStep(step);
    if (!next) return;
    if (stepIndex(next) > stepIndex(store().step)) store().setStep(next);
    goTo(next);
  };
  const back = () => {
    const previous = previousStep(step);
    if (previous) goTo(previous);
  };
  const cancel = () => {
    store().reset();
    setCancelOpen(false);
    void navigate(paths.home.getHref());
  };

  const confirmPartner = () => {
    if (store().data.lzConnections.length === 0) {
      setPartnerError(PARTNER_MESSAGES.atLeastOne);
      return;
    }
    advance();
  };

  const submit = async () => {
    const current = store().data;
    const missing = submitProblem(current);
    if (missing) {
      store().submitFailed(missing);
      return;
    }
    store().startSubmit();
    try {
      const { connectionsFailed } = await registerWorkshop(current);
      await navigate(paths.profile.getHref(), { flushSync: true });
      store().submitSucceeded();
      // The verification mail is on its way: say so (the profile keeps the state and a resend).
      showToast('success', VERIFICATION_MESSAGES.registered(current.email.trim().toLowerCase()));
      if (connectionsFailed) showToast('error', CONNECTIONS_FAILED);
    } catch (err) {
      console.error(err);
      const failure = err instanceof RegistrationError ? err : new RegistrationError(String(err));
      const refused = Object.keys(failure.fieldErrors).filter((field) => FIELD_STEP[field]);
      refused.sort((a, b) => stepIndex(FIELD_STEP[a]!) - stepIndex(FIELD_STEP[b]!));
      const firstStep = refused[0] ? FIELD_STEP[refused[0]] : undefined;
      // The first step's fields are not shown again (the password is never kept in the form):
      // the red box carries the server's message for them.
      const message = firstStep === 'init' ? failure.fieldErrors[refused[0]!]! : failure.message;
      store().submitFailed(message, failure.fieldErrors);
      if (firstStep && firstStep !== 'init') goTo(firstStep);
    }
  };

  const { heading, text } = STEP_TEXTS[step];
  const formId = `register-${step}`;
  const needsPassword = !data.password;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <ProgressBar current={step} />
      <h1 className="mt-8 text-3xl font-bold text-slate-900">{heading}</h1>
      <p className="mt-2 text-slate-700">{text}</p>
      {/* The overview has no fields of its own, except the password asked again after a reload. */}
      {(step !== 'overview' || needsPassword) && (
        <p className="mt-1 text-sm text-slate-700">
          Pflichtfelder sind mit <span className="text-red-700">*</span> markiert.
        </p>
      )}

      {error && (
        <Alert tone="error" className="mt-6">
          {error}
        </Alert>
      )}

      <div className="mt-6">
        {needsPassword ? (
          <PasswordReentry id={`${formId}-password`} />
        ) : (
          <>
            {step === 'account' && <AccountForm id={formId} onDone={advance} />}
            {step === 'address' && <AddressForm id={formId} onDone={advance} />}
            {step === 'partner' && (
              <div className="flex flex-col gap-4">
                <CentreList
                  links={data.lzConnections}
                  onRemove={(partnerId) =>
                    store().update({ lzConnections: store().data.lzConnections.filter((l) => l.partnerId !== partnerId) })
                  }
                />
                <div>
                  <AddCentreDialog
                    linkedIds={data.lzConnections.map((l) => l.partnerId)}
                    onAdd={(link) => {
                      setPartnerError(null);
                      store().update({ lzConnections: [...store().data.lzConnections, link] });
                    }}
                  />
                </div>
                {partnerError && (
                  <p role="alert" className="text-sm text-red-700">
                    {partnerError}
                  </p>
                )}
              </div>
            )}
            {step === 'overview' && <Summary data={data} />}
          </>
        )}
      </div>

      <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center">
        <Button variant="outline" onClick={back}>
          Zurück
        </Button>
        <Button variant="ghost" onClick={() => setCancelOpen(true)}>
          Abbrechen
        </Button>
        <div className="sm:ml-auto">
          {needsPassword ? (
            <Button className="w-full" type="submit" form={`${formId}-password`}>
              Weiter
            </Button>
          ) : step === 'overview' ? (
            <Button className="w-full" disabled={submitting} onClick={() => void submit()}>
              {submitting ? 'Wird abgeschlossen...' : 'Registrierung abschließen'}
            </Button>
          ) : (
            <Button
              className="w-full"
              type={step === 'partner' ? 'button' : 'submit'}
              form={step === 'partner' ? undefined : formId}
              onClick={step === 'partner' ? confirmPartner : undefined}
            >
              Bestätigen &amp; Fortfahren
            </Button>
          )}
        </div>
      </div>
      <CancelDialog open={cancelOpen} onOpenChange={setCancelOpen} onConfirm={cancel} />
    </div>
  );
}
