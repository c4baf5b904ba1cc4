import type { CampaignAnswer } from '@/lib/api/active-campaign';

// The campaign a public page was rendered with (issue 60, decision 061): the page renderer of
// `npm start` sets it before each render; in the browser it is read from the page, so the app
// hydrates from the facts the HTML shows.

/**
 * The id of the data block a page rendered with the campaign carries (decision 061): the answer
 * the page's HTML was rendered from, so the app hydrates from the same facts without waiting for
 * the API (`<script type="application/json">`, never executed, so the CSP does not apply).
 */
export const CAMPAIGN_DATA_ID = 'portal-campaign';

let rendered: CampaignAnswer | null | undefined;

/** The answer the page was rendered with: set by the page renderer, read from the page in the browser. */
export function renderedActiveCampaign(): CampaignAnswer | null {
  if (rendered === undefined) {
    rendered = null;
    const block = typeof document === 'undefined' ? null : document.getElementById(CAMPAIGN_DATA_ID);
    if (block?.textContent) {
      try {
        rendered = JSON.parse(block.textContent) as CampaignAnswer;
      } catch {
        rendered = null; // a damaged block: the page reads the API as before
      }
    }
  }
  return rendered;
}

/** The page renderer's answer for the next render (null: rendered without a campaign, as the build does). */
export function renderWithActiveCampaign(answer: CampaignAnswer | null): void {
  rendered = answer;
}
