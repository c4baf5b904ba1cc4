import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from '@/lib/zod';

import { EMAIL_PATTERN, emailProblem, LIMITS, MESSAGES } from '.';

// The hooks cannot run zod; the rulebook's pattern must accept exactly what the forms' zod
// e-mail check accepts, or a form would pass an address the server then refuses.
const zodEmail = z.email();
const local = fc.stringMatching(/^[A-Za-z0-9_'+.\-"!#]{0,12}$/);
const domain = fc.stringMatching(/^[A-Za-z0-9.\-_]{0,14}$/);
const label = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,6}$/);
const plausible = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9_'+.-]{1,10}$/),
    fc.array(label, { minLength: 1, maxLength: 3 }),
    fc.stringMatching(/^[A-Za-z]{1,4}$/),
  )
  .map(([l, labels, tld]) => `${l}@${labels.join('.')}.${tld}`);
const addresses = fc.oneof(
  plausible,
  fc.tuple(local, domain).map(([l, d]) => `${l}@${d}`),
  fc.tuple(local, domain, fc.constantFrom('de', 'com', 'x', 'co.uk', '123', '')).map(([l, d, t]) => `${l}@${d}.${t}`),
  fc.string({ maxLength: 30 }),
);

describe('EMAIL_PATTERN', () => {
  it('agrees with zod’s e-mail check on generated addresses', () => {
    let accepted = 0;
    fc.assert(
      fc.property(addresses, (address) => {
        const ok = zodEmail.safeParse(address).success;
        if (ok) accepted += 1;
        expect(EMAIL_PATTERN.test(address), address).toBe(ok);
      }),
      { numRuns: 5000 },
    );
    // Both sides of the pattern were exercised, not only refusals.
    expect(accepted).toBeGreaterThan(250);
  });

  it('words the server’s problems as the form does', () => {
    expect(emailProblem('werkstatt@example.de')).toBeNull();
    expect(emailProblem('keine-mail')).toBe(MESSAGES.emailInvalid);
    expect(emailProblem(`${'a'.repeat(LIMITS.emailMax)}@example.de`)).toBe(MESSAGES.emailMax);
  });
});
