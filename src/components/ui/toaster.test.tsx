import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { showToast, useToasterStore } from '@/stores/toasts';

import { ToasterOnDemand } from './toaster-on-demand';

describe('toasts with a toaster that loads on demand', () => {
  it('mounts the toaster at the first toast and loses none raised while it loads', async () => {
    render(<ToasterOnDemand />);
    expect(useToasterStore.getState().wanted).toBe(false);
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();

    act(() => {
      showToast('success', 'Erster Hinweis');
      showToast('error', 'Zweiter Hinweis');
    });
    expect(await screen.findByText('Erster Hinweis')).toBeInTheDocument();
    expect(await screen.findByText('Zweiter Hinweis')).toBeInTheDocument();

    // Once mounted, a toast goes straight to it.
    act(() => showToast('success', 'Dritter Hinweis'));
    expect(await screen.findByText('Dritter Hinweis')).toBeInTheDocument();
  });
});
