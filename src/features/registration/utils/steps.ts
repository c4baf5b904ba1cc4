import { paths } from '@/config/paths';

import { initSchema } from '../schemas/init';
import { accountSchema, addressSchema } from '../schemas/steps';
import { WIZARD_STEPS, type RegistrationData, type WizardStep } from '../stores/registration';

export const stepIndex = (step: WizardStep) => WIZARD_STEPS.indexOf(step);
export const nextStep = (step: WizardStep): WizardStep | null => WIZARD_STEPS[stepIndex(step) + 1] ?? null;
export const previousStep = (step: WizardStep): WizardStep | null => WIZARD_STEPS[stepIndex(step) - 1] ?? null;

/** The step of the URL; an unknown segment falls back to account. */
export function parseStep(segment: string | undefined): WizardStep {
  return (WIZARD_STEPS as readonly string[]).includes(segment ?? '') ? (segment as WizardStep) : 'account';
}

/**
 * SPEC section 4: the steps whose data is invalid, given the current step. init always
 * counts; account and address only once the current step is past them.
 */
export function invalidSteps(current: WizardStep, data: RegistrationData): WizardStep[] {
  const invalid: WizardStep[] = [];
  const at = stepIndex(current);
  if (!initSchema.safeParse(data).success) invalid.push('init');
  if (at > stepIndex('account') && !accountSchema.safeParse(data).success) invalid.push('account');
  if (at > stepIndex('address') && !addressSchema.safeParse(data).success) invalid.push('address');
  return invalid;
}

const PLACEHOLDER_PASSWORD = 'x'.repeat(8);

/**
 * The wizard guard: with stored progress at init the visitor goes to /; otherwise to the
 * first step whose data is missing. Null means the requested step may render.
 */
export function guardRedirect(requested: WizardStep, progress: WizardStep, data: RegistrationData): string | null {
  if (requested === 'init') return null;
  if (progress === 'init') return paths.home.getHref();
  // Without the password (DECISIONS 2.3) the wizard asks for it again in place; the rest must be valid.
  const checked = data.password ? data : { ...data, password: PLACEHOLDER_PASSWORD, passwordConfirm: PLACEHOLDER_PASSWORD };
  const first = invalidSteps(requested, checked)[0];
  if (!first) return null;
  return first === 'init' ? paths.home.getHref() : paths.registerStep.getHref(first);
}
