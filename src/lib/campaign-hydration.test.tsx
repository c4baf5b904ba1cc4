import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Campaign, CampaignAnswer } from './api/active-campaign';

// A page rendered with the campaign in force (decision 061) hydrates from the data it carries and
// is corrected in place when the API's answer prints another page.

const send = vi.fn<(path: string) => Promise<CampaignAnswer>>();
vi.mock('@/lib/pocketbase', () => ({ pb: { send: (path: string) => send(path) } }));

const answer = (terms: string, campaignNow = '2026-05-15T08:00:00.000Z'): CampaignAnswer => ({
  campaign: { id: 'c26', name: 'NORA Cashback-Aktion', year: 2026, terms } as Campaign,
  campaignNow,
});

/** The campaign module as a fresh page load finds it, with the page's data block (or a damaged one). */
async function pageWith(block: CampaignAnswer | string | null) {
  vi.resetModules();
  document.getElementById('portal-campaign')?.remove();
  if (block !== null) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'portal-campaign';
    script.textContent = typeof block === 'string' ? block : JSON.stringify(block);
    document.head.append(script);
  }
  return import('./campaign');
}

afterEach(() => {
  document.getElementById('portal-campaign')?.remove();
  send.mockReset();
});

describe('the campaign of a rendered page', () => {
  it('is there from the first render, before the API answers, and stays when the answer prints the same page', async () => {
    let reply: (a: CampaignAnswer) => void = () => {};
    const answered = new Promise<CampaignAnswer>((resolve) => (reply = resolve));
    send.mockReturnValue(answered);
    const { useActiveCampaign } = await pageWith(answer('Fassung 1'));
    const { result } = renderHook(() => useActiveCampaign());
    expect(result.current).toMatchObject({ loading: false, campaign: { terms: 'Fassung 1' } });
    const first = result.current;
    expect(send).toHaveBeenCalledWith('/api/portal/campaign');
    // A few seconds later, the same Berlin day: the answer and React's update are through when act returns.
    await act(async () => {
      reply(answer('Fassung 1', '2026-05-15T08:00:05.000Z'));
      await answered;
    });
    expect(result.current).toBe(first);
  });

  it('is replaced when the API answers a correction made since the render', async () => {
    send.mockResolvedValue(answer('Fassung 2'));
    const { useActiveCampaign } = await pageWith(answer('Fassung 1'));
    const { result } = renderHook(() => useActiveCampaign());
    await waitFor(() => expect(result.current.campaign?.terms).toBe('Fassung 2'));
  });

  it('is kept when the API does not answer', async () => {
    const refused = Promise.reject(new Error('offline'));
    refused.catch(() => {});
    send.mockReturnValue(refused);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { useActiveCampaign } = await pageWith(answer('Fassung 1'));
    const { result } = renderHook(() => useActiveCampaign());
    // The refusal has been handled (and said on the console) when the hook has run its answer.
    await waitFor(() => expect(error).toHaveBeenCalled());
    await act(async () => {
      await refused.catch(() => {});
    });
    expect(result.current).toMatchObject({ loading: false, campaign: { terms: 'Fassung 1' } });
    error.mockRestore();
  });

  it('a damaged data block is ignored: the page loads the campaign from the API', async () => {
    send.mockResolvedValue(answer('Fassung 1'));
    const { useActiveCampaign } = await pageWith('{"campaign": <kaputt');
    const { result } = renderHook(() => useActiveCampaign());
    expect(result.current).toMatchObject({ loading: true, campaign: null });
    await waitFor(() => expect(result.current.campaign?.terms).toBe('Fassung 1'));
  });
});
