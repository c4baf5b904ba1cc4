import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { listPromise } from '../api/list-promise';
import type { PromiseItem } from '../api/model';
import { PromiseList } from './promise-list';

vi.mock('../api/list-promise', () => ({ listPromise: vi.fn() }));
const list = vi.mocked(listPromise);

const item = (over: Partial<PromiseItem>): PromiseItem => ({
  submission: 's1',
  submitted: '2025-07-01 08:00:00.000Z',
  status: 'passed',
  code: 'NORA-AAAA-BBBB',
  shopName: 'Werkstatt Eins',
  email: 'eins@example.org',
  payoutStatus: 'payable',
  days: 10,
  level: 'ok',
  ...over,
});

describe('the 8-week promise', () => {
  it('names each unpaid submission’s age, marks 6 and 8 weeks, and says where its money stands', async () => {
    list.mockResolvedValue([
      item({ submission: 'a', days: 1, code: 'NORA-AAAA-0001', status: 'pending', payoutStatus: '' }),
      item({ submission: 'b', days: 45, code: 'NORA-AAAA-0002', level: 'amber', payoutStatus: 'in_batch' }),
      item({ submission: 'c', days: 60, code: 'NORA-AAAA-0003', level: 'red', payoutStatus: '' }),
    ]);
    render(<PromiseList />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/NORA-AAAA-0001 · Werkstatt Eins · eingereicht am 01\.07\.2025 · 1 Tag · in Prüfung$/),
      expect.stringMatching(/45 Tage \(über 6 Wochen\) · Im Auszahlungslauf$/),
      expect.stringMatching(/60 Tage \(über 8 Wochen\) · bestanden$/),
    ]);
  });

  it('says when everything is paid', async () => {
    list.mockResolvedValue([]);
    render(<PromiseList />);
    expect(await screen.findByText('Alle Einreichungen sind ausgezahlt.')).toBeVisible();
  });

  it('says when the list cannot be loaded', async () => {
    list.mockRejectedValue(new Error('offline'));
    render(<PromiseList />);
    expect(await screen.findByText('Die Auszahlungen konnten nicht geladen werden. Bitte versuchen Sie es später erneut.')).toBeVisible();
  });
});
