import { lazy } from 'react';
import { BrowserRouter, Navigate, useRoutes, type RouteObject } from 'react-router';

import { MainLayout } from '@/components/layouts/main-layout';
import { paths } from '@/config/paths';
import { GuestOnly, RoleGuard } from '@/lib/authorization';

import { LandingRoute } from './routes/landing';
import { RouteErrorBoundary } from './routes/route-error';

// Every route except the landing page is its own chunk.
const RegisterStep = lazy(() => import('./routes/register-step'));
const Login = lazy(() => import('./routes/login'));
const ForgotPassword = lazy(() => import('./routes/forgot-password'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const Verify = lazy(() => import('./routes/verify'));
const ConfirmEmailChange = lazy(() => import('./routes/confirm-email-change'));
const Profile = lazy(() => import('./routes/profile'));
const AccountDeletion = lazy(() => import('./routes/account-deletion'));
const AdminProfile = lazy(() => import('./routes/admin-profile'));
const Datacenter = lazy(() => import('./routes/datacenter'));
const Cashback = lazy(() => import('./routes/cashback'));
const Impressum = lazy(() => import('./routes/impressum'));
const Datenschutz = lazy(() => import('./routes/datenschutz'));
const Aktionsbedingungen = lazy(() => import('./routes/aktionsbedingungen'));
const Barrierefreiheit = lazy(() => import('./routes/barrierefreiheit'));
const NotFound = lazy(() => import('./routes/not-found'));

export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <MainLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { path: paths.home.path, element: <LandingRoute /> },
      { path: paths.register.path, element: <Navigate to={paths.registerStep.getHref('account')} replace /> },
      {
        path: paths.registerStep.path,
        element: (
          <GuestOnly>
            <RegisterStep />
          </GuestOnly>
        ),
      },
      {
        path: paths.login.path,
        element: (
          <GuestOnly>
            <Login />
          </GuestOnly>
        ),
      },
      { path: paths.forgotPassword.path, element: <ForgotPassword /> },
      { path: paths.resetPassword.path, element: <ResetPassword /> },
      { path: paths.verify.path, element: <Verify /> },
      { path: paths.confirmEmailChange.path, element: <ConfirmEmailChange /> },
      {
        path: paths.profile.path,
        element: (
          <RoleGuard allowed={['User']}>
            <Profile />
          </RoleGuard>
        ),
      },
      {
        path: paths.accountDeletion.path,
        element: (
          <RoleGuard allowed={['User']}>
            <AccountDeletion />
          </RoleGuard>
        ),
      },
      {
        path: paths.adminProfile.path,
        element: (
          <RoleGuard allowed={['Administrator', 'Auditor']}>
            <AdminProfile />
          </RoleGuard>
        ),
      },
      ...[paths.datacenter.path, paths.datacenterJob.path].map((path) => ({
        path,
        element: (
          <RoleGuard allowed={['Administrator', 'Auditor']}>
            <Datacenter />
          </RoleGuard>
        ),
      })),
      {
        path: paths.cashback.path,
        element: (
          <RoleGuard allowed={['User', 'Administrator', 'Auditor']}>
            <Cashback />
          </RoleGuard>
        ),
      },
      { path: paths.impressum.path, element: <Impressum /> },
      { path: paths.datenschutz.path, element: <Datenschutz /> },
      { path: paths.aktionsbedingungen.path, element: <Aktionsbedingungen /> },
      { path: paths.barrierefreiheit.path, element: <Barrierefreiheit /> },
      { path: paths.notFound.path, element: <NotFound /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/**
 * The routes inside whichever router surrounds them: the browser's, a static one when the
 * public pages are prerendered, a memory router in tests. A plain (declarative) router, not a
 * data router: the app loads no data through the router, and the data router's code was
 * 19 kB gzip of every page's first load (decision 026).
 */
export function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
