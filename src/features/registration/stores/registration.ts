import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

import type { CentreLink } from '@/components/service-centres/schema';
import { WORKSHOP_FIELDS, type WorkshopFields } from '@/rules';

export const REGISTRATION_STORAGE_KEY = 'nora-registration-data';

export const WIZARD_STEPS = ['init', 'account', 'address', 'partner', 'overview'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export type LzConnection = CentreLink;

export interface RegistrationData extends WorkshopFields {
  email: string;
  password: string;
  passwordConfirm: string;
  termsAccepted: boolean;
  lzConnections: LzConnection[];
}

export const emptyRegistration: RegistrationData = {
  email: '',
  password: '',
  passwordConfirm: '',
  termsAccepted: false,
  ...(Object.fromEntries(WORKSHOP_FIELDS.map((field) => [field, ''])) as WorkshopFields),
  lzConnections: [],
};

/** What was typed on a step but not yet confirmed with 'Weiter' (kept on 'Zurück'). */
export type DraftStep = 'account' | 'address';
export type Drafts = Partial<Record<DraftStep, Partial<RegistrationData>>>;

interface RegistrationState {
  data: RegistrationData;
  step: WizardStep;
  drafts: Drafts;
  /** Submit state (SPEC section 4); never persisted. */
  submitting: boolean;
  error: string | null;
  /** PocketBase's field errors of the last submit, by field name. */
  fieldErrors: Record<string, string>;
  completed: boolean;
  update: (patch: Partial<RegistrationData>) => void;
  saveDraft: (step: DraftStep, values: Partial<RegistrationData>) => void;
  /** A step's values confirmed: they become the data, the draft goes. */
  confirmStep: (step: DraftStep, values: Partial<RegistrationData>) => void;
  setStep: (step: WizardStep) => void;
  startSubmit: () => void;
  submitSucceeded: () => void;
  submitFailed: (message: string, fieldErrors?: Record<string, string>) => void;
  reset: () => void;
}

/** A wizard nobody has started: the first state and what 'Abbrechen' returns to. */
function freshState() {
  return {
    data: { ...emptyRegistration },
    step: 'init' as WizardStep,
    drafts: {} as Drafts,
    submitting: false,
    error: null,
    fieldErrors: {} as Record<string, string>,
    completed: false,
  };
}

/** New values in the data; editing a field clears the server's complaint about it. */
function withPatch(s: RegistrationState, patch: Partial<RegistrationData>) {
  const fieldErrors = { ...s.fieldErrors };
  for (const key of Object.keys(patch)) delete fieldErrors[key];
  return { data: { ...s.data, ...patch }, fieldErrors };
}

/**
 * Wizard data, persisted under the registration key. The password never reaches
 * storage (DECISIONS 2.3): it lives in memory only and is re-entered after a reload.
 */
export const useRegistrationStore = create<RegistrationState>()(
  persist(
    (set) => ({
      ...freshState(),
      update: (patch) => set((s) => withPatch(s, patch)),
      saveDraft: (step, values) => set((s) => ({ drafts: { ...s.drafts, [step]: values } })),
      confirmStep: (step, values) =>
        set((s) => {
          const drafts = { ...s.drafts };
          delete drafts[step];
          return { ...withPatch(s, values), drafts };
        }),
      setStep: (step) => set({ step }),
      startSubmit: () => set({ submitting: true, error: null, fieldErrors: {} }),
      submitSucceeded: () => set({ submitting: false, completed: true, data: { ...emptyRegistration }, step: 'init', drafts: {} }),
      submitFailed: (message, fieldErrors = {}) => set({ submitting: false, error: message, fieldErrors }),
      reset: () => set(freshState()),
    }),
    {
      name: REGISTRATION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ data, step, drafts }) => {
        const rest: Partial<RegistrationData> = { ...data };
        delete rest.password;
        delete rest.passwordConfirm;
        return { data: rest, step, drafts };
      },
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<Pick<RegistrationState, 'data' | 'step' | 'drafts'>>;
        return { ...current, step: saved.step ?? current.step, data: { ...current.data, ...saved.data }, drafts: saved.drafts ?? {} };
      },
    },
  ),
);
