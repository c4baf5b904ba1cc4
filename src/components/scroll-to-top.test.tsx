import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderInRouter } from '@/testing/router';

import { ScrollToTop } from './scroll-to-top';

describe('ScrollToTop', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    scrollTo.mockClear();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  });

  function setup() {
    const router = renderInRouter(<ScrollToTop />, '/');
    scrollTo.mockClear();
    return router;
  }

  it('scrolls to the top when the path changes', async () => {
    const router = setup();
    await act(async () => router.navigate('/impressum'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('leaves the scroll position to the browser when a hash is present', async () => {
    const router = setup();
    await act(async () => router.navigate('/#faq'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
