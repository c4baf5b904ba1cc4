import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { useRegistrationStore } from '@/features/registration/stores/registration';
import { RoleGuard } from '@/lib/authorization';
import { signInAs, signOut } from '@/testing/auth';

import { routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('routes', () => {
  it('shows the landing page at /', async () => {
    signOut();
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Wir schrauben am Preis!' })).toBeInTheDocument();
  });

  it('shows the 404 page with a link to the start page for an unknown path', async () => {
    signOut();
    renderAt('/gibt-es-nicht');
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
  });

  it('sends /register to the account step, whose guard sends a visitor without progress to /', async () => {
    signOut();
    const router = renderAt('/register');
    await screen.findByRole('heading', { name: 'Wir schrauben am Preis!' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the init form at /register/init', async () => {
    signOut();
    renderAt('/register/init');
    expect(await screen.findByRole('button', { name: 'Jetzt registrieren' })).toBeInTheDocument();
  });

  it('falls back to the account step for an unknown step segment', async () => {
    signOut();
    useRegistrationStore.setState({
      step: 'account',
      data: {
        ...useRegistrationStore.getState().data,
        email: 'a@b.de',
        password: 'geheim-123',
        passwordConfirm: 'geheim-123',
        termsAccepted: true,
      },
    });
    const router = renderAt('/register/zahlung');
    expect(await screen.findByRole('heading', { name: '1. Account erstellen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register/account');
  });

  it('redirects a visitor away from /profile to /not-found', async () => {
    signOut();
    const router = renderAt('/profile');
    await screen.findByRole('heading', { name: 'Seite nicht gefunden' });
    expect(router.state.location.pathname).toBe('/not-found');
  });

  it('lets a workshop open /profile', async () => {
    signInAs('users');
    renderAt('/profile');
    expect(await screen.findByRole('heading', { name: 'Ihr Profil' })).toBeInTheDocument();
  });

  it('keeps a workshop out of /datacenter', async () => {
    signInAs('users');
    const router = renderAt('/datacenter');
    await screen.findByRole('heading', { name: 'Seite nicht gefunden' });
    expect(router.state.location.pathname).toBe('/not-found');
  });

  it('lets an auditor open /adminprofile, headed with the role', async () => {
    signInAs('auditors');
    renderAt('/adminprofile');
    expect(await screen.findByRole('heading', { name: 'Auditor', level: 1 })).toBeInTheDocument();
  });

  it('renders nothing for a guarded route until the session is loaded', async () => {
    const router = createMemoryRouter(
      [
        { path: '/datacenter', element: <RoleGuard allowed={['Administrator']}>Datacenter-Inhalt</RoleGuard> },
        { path: '/not-found', element: <p>404</p> },
      ],
      { initialEntries: ['/datacenter'] },
    );
    const { container } = render(<RouterProvider router={router} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container).toBeEmptyDOMElement();
    expect(router.state.location.pathname).toBe('/datacenter');
  });
});
