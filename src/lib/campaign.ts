import { useEffect, useState } from 'react';

import { fetchActiveCampaign, type Campaign } from '@/lib/api/active-campaign';
import { renderedActiveCampaign } from '@/lib/rendered-campaign';
import { berlinDay } from '@/rules/dates';
import { formatDate, formatMoney } from '@/utils/format';

export type { Campaign };

// The campaign in force: landing, FAQ and terms take their facts and texts from it (issue 60;
// administrators write them in the data area). Read once per page load and shared by every component.

export const CAMPAIGN_MESSAGES = {
  loadFailed: 'Beträge und Termine der Aktion konnten gerade nicht geladen werden. Bitte laden Sie die Seite später erneut.',
};

/** Whether the campaign's facts are there: loading, ready, or failed (the API did not answer). */
export type FactsState = 'loading' | 'ready' | 'failed';

export function factsState({ campaign, loading }: { campaign: Campaign | null; loading: boolean }): FactsState {
  if (campaign) return 'ready';
  return loading ? 'loading' : 'failed';
}

type ActiveCampaignState = { campaign: Campaign | null; campaignNow: string | null; loading: boolean };

/** Whether two answers print the same page: the same record and texts, the same Berlin day on the clock. */
function samePage(a: ActiveCampaignState, campaign: Campaign | null, campaignNow: string | null): boolean {
  const day = (now: string | null) => (now ? berlinDay(now).iso : null);
  return !a.loading && JSON.stringify(a.campaign) === JSON.stringify(campaign) && day(a.campaignNow) === day(campaignNow);
}

/**
 * The campaign in force. A page rendered with it (decision 061) starts with the facts it was
 * rendered from, so hydration draws the same page; the API's answer then replaces them only when
 * it prints another page (a change since the render).
 */
export function useActiveCampaign(): ActiveCampaignState {
  const [state, setState] = useState<ActiveCampaignState>(() => {
    const rendered = renderedActiveCampaign();
    return rendered
      ? { campaign: rendered.campaign, campaignNow: rendered.campaignNow, loading: false }
      : { campaign: null, campaignNow: null, loading: true };
  });
  useEffect(() => {
    let live = true;
    void fetchActiveCampaign().then((answer) => {
      // Unanswered: a page rendered with the campaign keeps it; otherwise the page says it failed.
      if (!live || (!answer && renderedActiveCampaign())) return;
      const campaign = answer?.campaign ?? null;
      const campaignNow = answer?.campaignNow ?? null;
      setState((current) => (samePage(current, campaign, campaignNow) ? current : { campaign, campaignNow, loading: false }));
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** The campaign's dates and amounts as the landing, FAQ and terms print them; '…' until the record is there. */
export interface CampaignFacts {
  reward: string;
  threshold: string;
  start: string;
  end: string;
  redeemStart: string;
  redeemEnd: string;
  invoiceCutoff: string;
  drawDeadline: string;
  year: string;
  contactEmail: string;
  prefix: string;
}

const wholeEuro = (value: number) => formatMoney(value).replace(',00', '');

export function campaignFacts(campaign: Campaign | null): CampaignFacts {
  if (!campaign) {
    const pending = '…';
    return {
      reward: pending,
      threshold: pending,
      start: pending,
      end: pending,
      redeemStart: pending,
      redeemEnd: pending,
      invoiceCutoff: pending,
      drawDeadline: pending,
      year: pending,
      contactEmail: 'cashback@nora-aktion.de',
      prefix: 'NORA',
    };
  }
  return {
    reward: wholeEuro(campaign.reward),
    threshold: wholeEuro(campaign.threshold),
    start: formatDate(campaign.campaignStart),
    end: formatDate(campaign.campaignEnd),
    redeemStart: formatDate(campaign.redeemStart),
    redeemEnd: formatDate(campaign.redeemEnd),
    invoiceCutoff: formatDate(campaign.invoiceDateCutoff),
    drawDeadline: formatDate(campaign.drawRegistrationDeadline),
    year: String(campaign.year),
    contactEmail: campaign.contactEmail || 'cashback@nora-aktion.de',
    prefix: campaign.codePrefix,
  };
}

/**
 * Whether registering still takes part in the prize draw: the campaign clock's Berlin day is not
 * after the draw's registration deadline. The landing page advertises the draw only then (issue 58:
 * it still advertised a draw whose registration had closed).
 */
export function drawOpen(campaign: Campaign | null, campaignNow: string | null): boolean {
  if (!campaign?.drawRegistrationDeadline || !campaignNow) return false;
  return berlinDay(campaignNow).iso <= berlinDay(campaign.drawRegistrationDeadline).iso;
}
