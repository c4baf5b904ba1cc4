// Phone helpers of SPEC section 5, used by the wizard and the profile: the rulebook's.
import { MESSAGES, normalizePhone, phoneProblem } from '@/rules';

export { normalizePhone, phoneProblem };

export const PHONE_MESSAGES = {
  characters: MESSAGES.phoneCharacters,
  digit: MESSAGES.phoneDigit,
  plus: MESSAGES.phonePlus,
} as const;

export const isValidPhone = (value: string | null | undefined) => phoneProblem(value) === null;
