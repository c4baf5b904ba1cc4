import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { renderInRouter } from '@/testing/router';

import { RouteErrorBoundary } from './route-error';

function Broken(): never {
  throw new Error('kaputt');
}

describe('the route error boundary', () => {
  it('shows the German error page when a page throws, and the page of the next path after a navigation', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderInRouter(
      <RouteErrorBoundary>
        <Routes>
          <Route path="/kaputt" element={<Broken />} />
          <Route path="/" element={<h1>Startseite</h1>} />
        </Routes>
      </RouteErrorBoundary>,
      '/kaputt',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.');
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'kaputt' }));

    await act(async () => screen.getByRole('link', { name: 'Zur Startseite' }).click());
    expect(await screen.findByRole('heading', { name: 'Startseite' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.pathname).toBe('/');
    logged.mockRestore();
  });
});
