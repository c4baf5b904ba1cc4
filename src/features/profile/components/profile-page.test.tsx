import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { loadProfilePage } from '../api/load-profile-page';
import type { ProfilePageData, Voucher } from '../api/model';
import { ProfilePage } from './profile-page';

vi.mock('../api/load-profile-page', () => ({ loadProfilePage: vi.fn() }));

const code = (id: string, campaignLabel: string, redeemEnd: string, redeemable: boolean): Voucher => ({
  id,
  code: `NORA-${id}`,
  status: 'open',
  created: '2025-08-01 10:00:00.000Z',
  campaignLabel,
  redeemEnd,
  redeemable,
});

// Campaigns coexist (issue 60): last year's open code stays in the list after its window.
describe('the profile page with an open code of a campaign whose redeem window has ended', () => {
  it('counts only the code that can still be redeemed and says the other can no longer be', async () => {
    vi.mocked(loadProfilePage).mockResolvedValue({
      profile: null,
      stats: null,
      vouchers: [
        code('AAAA-1111', 'NORA Cashback-Aktion 2027', '2027-04-28 21:59:59.999Z', true),
        code('BBBB-2222', 'NORA Cashback-Aktion 2025', '2025-11-30 22:59:59.999Z', false),
      ],
      submissions: [],
      returned: [],
      campaignNow: '2026-11-29 12:00:00.000Z',
    } as unknown as ProfilePageData);
    render(
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>,
    );
    const redeem = await screen.findByRole('link', { name: /Cashback einlösen/ });
    expect(redeem).toHaveTextContent('Rechnung hochladen, Code und Bankverbindung eingeben.');
    expect(redeem).not.toHaveTextContent('offene Codes');
    expect(redeem).toHaveTextContent('Einlösen bis zum 28.04.2027');
    const table = screen.getByRole('table', { name: /Cashback-Codes/ });
    expect(within(table).getByRole('row', { name: /NORA-AAAA-1111/ })).toHaveTextContent('Offen');
    expect(within(table).getByRole('row', { name: /NORA-BBBB-2222/ })).toHaveTextContent('Einlösefrist abgelaufen (30.11.2025)');
  });
});
