import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const REGISTRATION_STORAGE_KEY = 'nora-registration-data';

export const WIZARD_STEPS = ['init', 'account', 'address', 'partner', 'overview'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export interface LzConnection {
  partnerId: string;
  partnerName: string;
  customerNumber: string;
  connectionId?: string;
}

export interface RegistrationData {
  email: string;
  password: string;
  passwordConfirm: string;
  termsAccepted: boolean;
  firstName: string;
  lastName: string;
  phone: string;
  shopName: string;
  address: string;
  streetNumber: string;
  zipCode: string;
  city: string;
  lzConnections: LzConnection[];
}

export const emptyRegistration: RegistrationData = {
  email: '',
  password: '',
  passwordConfirm: '',
  termsAccepted: false,
  firstName: '',
  lastName: '',
  phone: '',
  shopName: '',
  address: '',
  streetNumber: '',
  zipCode: '',
  city: '',
  lzConnections: [],
};

interface RegistrationState {
  data: RegistrationData;
  step: WizardStep;
  update: (patch: Partial<RegistrationData>) => void;
  setStep: (step: WizardStep) => void;
  reset: () => void;
}

/**
 * Wizard data, persisted under the registration key. The password never reaches
 * storage (DECISIONS 2.3): it lives in memory only and is re-entered after a reload.
 */
export const useRegistrationStore = create<RegistrationState>()(
  persist(
    (set) => ({
      data: { ...emptyRegistration },
      step: 'init',
      update: (patch) => set((s) => ({ data: { ...s.data, ...patch } })),
      setStep: (step) => set({ step }),
      reset: () => set({ data: { ...emptyRegistration }, step: 'init' }),
    }),
    {
      name: REGISTRATION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ data, step }) => {
        const rest: Partial<RegistrationData> = { ...data };
        delete rest.password;
        delete rest.passwordConfirm;
        return { data: rest, step };
      },
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<Pick<RegistrationState, 'data' | 'step'>>;
        return { ...current, step: saved.step ?? current.step, data: { ...current.data, ...saved.data } };
      },
    },
  ),
);
