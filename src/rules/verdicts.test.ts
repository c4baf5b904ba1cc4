import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { flagsOf, outcomeOf, VERDICT_OUTCOMES } from './verdicts';

describe('a verdict as flags and back', () => {
  it('gives each of the three outcomes the flags that read back as it', () => {
    for (const outcome of VERDICT_OUTCOMES) {
      const flags = flagsOf(outcome);
      expect(flags).not.toBeNull();
      expect(outcomeOf(flags!.checked, flags!.faulty)).toBe(outcome);
    }
  });

  it('refuses every other value, names an object inherits included', () => {
    for (const hostile of [
      'constructor',
      'toString',
      '__proto__',
      'hasOwnProperty',
      'Passed',
      ' passed',
      '',
      null,
      undefined,
      1,
      ['passed'],
    ]) {
      expect(flagsOf(hostile)).toBeNull();
    }
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const flags = flagsOf(value);
        expect(flags === null).toBe(!(VERDICT_OUTCOMES as readonly unknown[]).includes(value));
      }),
    );
  });
});
