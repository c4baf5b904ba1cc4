import type { Campaign } from '@/lib/campaign';
import { formatDate, formatMoney } from '@/utils/format';

/** The campaign's dates and amounts as the landing texts print them; '…' until the record is there. */
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
