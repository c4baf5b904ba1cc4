import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';

import { showToast, useToasterStore } from '@/stores/toasts';

// As the layout mounts it: lazily, once the first toast asks for it.
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));
function Shell() {
  const wanted = useToasterStore((s) => s.wanted);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

describe('toasts with a toaster that loads on demand', () => {
  it('mounts the toaster at the first toast and loses none raised while it loads', async () => {
    render(<Shell />);
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
