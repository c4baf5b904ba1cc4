import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { useRegistrationStore } from '@/features/registration/stores/registration';
import { RoleGuard } from '@/lib/authorization';
import { signInAs, signOut } from '@/testing/auth';
import { renderInRouter } from '@/testing/router';

import { AppProvider } from './provider';
import { AppRoutes } from './router';

const renderAt = (path: string) => renderInRouter(<AppRoutes />, path);

/** As the app starts: the stored session is read before the first render (AppProvider). */
const startAt = (path: string) =>
  renderInRouter(
    <AppProvider>
      <AppRoutes />
    </AppProvider>,
    path,
  );

describe('routes', () => {
  // Some tests put the wizard at a step; the others start as a visitor who has none.
  beforeEach(() => useRegistrationStore.getState().reset());

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
    expect(router.pathname).toBe('/');
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
    expect(router.pathname).toBe('/register/account');
  });

  it("keeps what was typed on a step when going 'Zurück' without confirming it", async () => {
    signOut();
    useRegistrationStore.getState().reset();
    useRegistrationStore.setState({
      step: 'partner',
      data: {
        ...useRegistrationStore.getState().data,
        email: 'a@b.de',
        password: 'geheim-123',
        passwordConfirm: 'geheim-123',
        termsAccepted: true,
        firstName: 'Erika',
        lastName: 'Muster',
        shopName: 'Alt GmbH',
        address: 'Weg',
        streetNumber: '1',
        zipCode: '10115',
        city: 'Berlin',
      },
    });
    const router = renderAt('/register/address');
    const user = userEvent.setup();
    const shop = await screen.findByLabelText(/Werkstattname/);
    await user.clear(shop);
    await user.type(shop, 'Neu GmbH');
    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    await screen.findByRole('heading', { name: '1. Account erstellen' });
    await act(async () => router.navigate('/register/address'));
    expect(await screen.findByLabelText(/Werkstattname/)).toHaveValue('Neu GmbH');
    // Not confirmed yet: the data itself still holds the old name until 'Weiter'.
    expect(useRegistrationStore.getState().data.shopName).toBe('Alt GmbH');
    // 'Abbrechen' clears the draft with everything else.
    useRegistrationStore.getState().reset();
    expect(useRegistrationStore.getState().drafts).toEqual({});
  });

  it('sends a visitor of a page behind the login to the login, which names the page to return to (issue 35)', async () => {
    signOut();
    const router = renderAt('/cashback?code=NORA-ABCD-EFGH');
    await screen.findByRole('button', { name: 'Anmelden' });
    expect(router.pathname).toBe('/login');
    expect(new URLSearchParams(router.search).get('next')).toBe('/cashback?code=NORA-ABCD-EFGH');
    expect(await screen.findByText('Bitte melden Sie sich an. Danach öffnet sich die gewünschte Seite.')).toBeInTheDocument();
  });

  it('after signing in, /login?next= opens the page asked for; an outside or guest address is ignored', async () => {
    for (const [next, landing] of [
      ['/cashback', '/cashback'],
      ['https://evil.example/profile', '/profile'],
      ['//evil.example/profile', '/profile'],
      ['/register/init', '/profile'],
    ] as const) {
      cleanup();
      signInAs('users');
      const router = startAt(`/login?next=${encodeURIComponent(next)}`);
      await vi.waitFor(() => expect(router.pathname, next).toBe(landing));
    }
  });

  it('lets a workshop open /profile', async () => {
    signInAs('users');
    renderAt('/profile');
    expect(await screen.findByRole('heading', { name: 'Ihr Profil' })).toBeInTheDocument();
  });

  it('sends a signed-in workshop from /login and /register/* to its profile, staff to the data area', async () => {
    // Each visit is a fresh page load, which reads the stored session before its first render.
    for (const path of ['/login', '/register/init', '/register/address']) {
      cleanup();
      signInAs('users');
      const router = startAt(path);
      await screen.findByRole('heading', { name: 'Ihr Profil' });
      expect(router.pathname, path).toBe('/profile');
    }
    cleanup();
    signInAs('administrators');
    const router = startAt('/login');
    await vi.waitFor(() => expect(router.pathname).toBe('/datacenter'));
  });

  it('names each page in the document title', async () => {
    signOut();
    renderAt('/login');
    await screen.findByRole('button', { name: 'Anmelden' });
    expect(document.title).toBe('Anmelden – NORA Cashback-Aktion');
  });

  it('keeps a workshop out of /datacenter', async () => {
    signInAs('users');
    const router = renderAt('/datacenter');
    await screen.findByRole('heading', { name: 'Seite nicht gefunden' });
    expect(router.pathname).toBe('/not-found');
  });

  it('lets an auditor open /adminprofile, headed with the role', async () => {
    signInAs('auditors');
    renderAt('/adminprofile');
    expect(await screen.findByRole('heading', { name: 'Auditor', level: 1 })).toBeInTheDocument();
  });

  it('renders nothing for a guarded route until the session is loaded', async () => {
    const router = renderInRouter(
      <Routes>
        <Route path="/datacenter" element={<RoleGuard allowed={['Administrator']}>Datacenter-Inhalt</RoleGuard>} />
        <Route path="/not-found" element={<p>404</p>} />
      </Routes>,
      '/datacenter',
    );
    // Several rounds of effects and renders: still nothing, and no redirect.
    for (let i = 0; i < 5; i++) await act(async () => {});
    expect(router.container).toBeEmptyDOMElement();
    expect(router.pathname).toBe('/datacenter');
  });
});
