import { describe, expect, it } from 'vitest';

import type { Campaign } from './api/active-campaign';
import { drawOpen } from './campaign';

const campaign = { drawRegistrationDeadline: '2025-08-01 21:59:59.999Z' } as Campaign;

describe('drawOpen', () => {
  it('is open through the deadline’s Berlin day and closed from the next', () => {
    expect(drawOpen(campaign, '2025-07-31 12:00:00.000Z')).toBe(true);
    expect(drawOpen(campaign, '2025-08-01 21:59:00.000Z')).toBe(true); // 23:59 in Berlin
    expect(drawOpen(campaign, '2025-08-01 22:00:00.000Z')).toBe(false); // 00:00 on 02.08. in Berlin
    expect(drawOpen(campaign, '2025-09-15 10:00:00.000Z')).toBe(false);
  });

  it('says nothing while the campaign or the clock is unknown', () => {
    expect(drawOpen(null, '2025-07-01 10:00:00.000Z')).toBe(false);
    expect(drawOpen(campaign, null)).toBe(false);
  });
});
