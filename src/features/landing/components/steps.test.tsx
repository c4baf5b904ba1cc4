import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { CAMPAIGN_MESSAGES, campaignFacts, factsState, type Campaign } from '@/lib/campaign';

import { Steps } from './steps';

const CAMPAIGN = {
  id: 'c',
  name: 'NORA 2025',
  year: 2025,
  codePrefix: 'NORA',
  threshold: 500,
  reward: 50,
  campaignStart: '2025-07-01 00:00:00.000Z',
  campaignEnd: '2025-10-31 00:00:00.000Z',
  redeemStart: '2025-08-01 00:00:00.000Z',
  redeemEnd: '2025-12-31 00:00:00.000Z',
  invoiceDateCutoff: '2025-10-31 00:00:00.000Z',
  drawRegistrationDeadline: '2025-09-30 00:00:00.000Z',
  contactEmail: 'cashback@nora-aktion.de',
  headline: 'Wir schrauben am Preis!',
  teaser: 'Jetzt 50€ sichern!',
  terms: '',
  faq: [],
  partsGroups: [],
  phase: 'running',
  textVersion: 1,
} satisfies Campaign;

function renderSteps(campaign: Campaign | null, loading: boolean) {
  return render(
    <MemoryRouter>
      <Steps facts={campaignFacts(campaign)} state={factsState({ campaign, loading })} />
    </MemoryRouter>,
  );
}

describe('the landing page’s step cards', () => {
  it('show skeletons while the campaign loads, never bare placeholders', () => {
    const { container } = renderSteps(null, true);
    expect(container.textContent).not.toContain('…');
    expect(screen.getAllByTestId('skeleton')).toHaveLength(2);
    expect(screen.getAllByText('Wird geladen...')).toHaveLength(2);
  });

  it('say so in German when the campaign cannot be loaded, and keep the steps readable', () => {
    const { container } = renderSteps(null, false);
    expect(container.textContent).not.toContain('…');
    expect(screen.getByRole('status')).toHaveTextContent(CAMPAIGN_MESSAGES.loadFailed);
    expect(screen.getByText('Für Ihr Einkaufsvolumen (netto) erhalten Sie Cashback-Codes per E-Mail.')).toBeInTheDocument();
    expect(screen.queryByTestId('skeleton')).toBeNull();
  });

  it('show the campaign’s amounts and dates once loaded', () => {
    renderSteps(CAMPAIGN, false);
    expect(
      screen.getByText(/Für je 500\s€ Einkaufsvolumen \(netto\) erhalten Sie einen Cashback-Code über 50\s€ per E-Mail\./),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ab dem 01\.08\.2025 laden Sie/)).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
