import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { PayoutBatch } from '../api/model';
import { BatchItem } from './batch-item';

vi.mock('@/lib/auth', () => ({ currentIdentity: () => ({ id: 'admin-1' }) }));

const batch = (over: Partial<PayoutBatch>): PayoutBatch =>
  ({
    id: 'b1',
    collectionId: 'payout_batches',
    collectionName: 'payout_batches',
    number: 1,
    status: 'exported',
    count: 1,
    total: 50,
    createdBy: 'admin-2',
    releasedBy: 'admin-1',
    selfReleased: false,
    executionDate: '2026-11-27',
    exportedAt: '2026-11-26 23:30:00.000Z',
    messageId: 'NORA-0001',
    exportCount: 1,
    paidOn: '',
    pain001: 'p.xml',
    csv: 'p.csv',
    created: '2026-11-26 23:10:00.000Z',
    ...over,
  }) as PayoutBatch;

describe('a batch exported and waiting', () => {
  it('offers the export’s day in Berlin as the day it was executed, also just after midnight', () => {
    render(<BatchItem batch={batch({})} busy={false} run={vi.fn()} otherAdministrators={1} />);
    // 23:30 UTC on 26 November is 00:30 on 27 November in Berlin.
    expect(screen.getByLabelText('Ausgeführt am')).toHaveValue('2026-11-27');
  });

  it('in summer too (two hours ahead of UTC)', () => {
    render(<BatchItem batch={batch({ exportedAt: '2026-07-10 22:15:00.000Z' })} busy={false} run={vi.fn()} otherAdministrators={1} />);
    expect(screen.getByLabelText('Ausgeführt am')).toHaveValue('2026-07-11');
  });

  it('in the afternoon the day is the same in both', () => {
    render(<BatchItem batch={batch({ exportedAt: '2026-11-26 13:00:00.000Z' })} busy={false} run={vi.fn()} otherAdministrators={1} />);
    expect(screen.getByLabelText('Ausgeführt am')).toHaveValue('2026-11-26');
  });
});
