// A stored verdict corrected by an auditor (issue 58): the rule and its German messages, used by
// the review's correction dialog and by pb_hooks/lib/verdict-correction.js alike.

import { germanCount, LIMITS } from './messages';

/**
 * After a verdict 'Fehlerhaft' or 'Nicht vorhanden' the code is open again and the workshop may
 * submit again (DECISIONS section 4): at least this many days from the verdict, even when its
 * campaign's redeem window has ended meanwhile (decision 072).
 */
export const RESUBMIT_DAYS = 14;

/** The three verdicts an auditor gives, as the queue and the correction name them. */
export const VERDICT_OUTCOMES = ['passed', 'faulty', 'missing'] as const;
export type VerdictOutcome = (typeof VERDICT_OUTCOMES)[number];

export const VERDICT_OUTCOME_LABELS: Record<VerdictOutcome, string> = {
  passed: 'Bestanden',
  faulty: 'Fehlerhaft',
  missing: 'Nicht vorhanden',
};

export const CORRECTION = {
  /** The reason an auditor writes for a correction: required, at most this long. */
  reasonMax: LIMITS.reasonMax,
  messages: {
    outcome: 'Bitte wählen Sie Bestanden, Fehlerhaft oder Nicht vorhanden.',
    reason: `Bitte begründen Sie die Korrektur (höchstens ${germanCount(LIMITS.reasonMax)} Zeichen).`,
    pending: 'Diese Einreichung ist noch in Prüfung: Bitte geben Sie das Ergebnis in der Prüfwarteschlange.',
    same: 'Das ist bereits das gespeicherte Ergebnis.',
    inBatch: 'Die Auszahlung zu dieser Einreichung ist bereits in einem Auszahlungslauf. Das Ergebnis kann nicht mehr korrigiert werden.',
    resubmitted: 'Der Code wurde inzwischen erneut eingereicht. Das Ergebnis dieser Einreichung kann nicht mehr korrigiert werden.',
    notFound: 'Diese Einreichung gibt es nicht.',
  },
} as const;

/** The outcome a stored verdict stands for: its flags as the queue and the file give them. */
export function outcomeOf(checked: boolean, faulty: boolean): VerdictOutcome {
  if (!checked) return 'missing';
  return faulty ? 'faulty' : 'passed';
}

/**
 * The flags a verdict is stored with (the inverse of outcomeOf), or null when `outcome` is not one
 * of the three (a name like 'constructor' included).
 */
export function flagsOf(outcome: unknown): { checked: boolean; faulty: boolean } | null {
  if (!(VERDICT_OUTCOMES as readonly unknown[]).includes(outcome)) return null;
  return { checked: outcome !== 'missing', faulty: outcome === 'faulty' };
}
