import { type ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Spinner } from '../components/ui';
import { RequireAuth } from '../modules/auth';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './NotFoundPage';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

const signedIn = (page: ReactElement) => <RequireAuth>{page}</RequireAuth>;
/**
 * While the view page's chunk loads: the window's height, as the page will have, so the sticky
 * consent banner is at the bottom from the first paint and does not move (layout shift) after.
 */
const viewFallback = (
  <div className="cv-view-reserve">
    <Spinner />
  </div>
);
const viewPage = () => lazyPage(() => import('./ViewRoute'), 'ViewRoute', viewFallback);

// Pages reach their module's page file through a dynamic import: each is its own chunk (the lint
// rule allows the router, and only the router, to do that past a module's index.ts).
/**
 * Pages that use the query/mutation layer (TanStack Query), under its lazy provider: registration
 * and the signed-in pages. Sign-in and password reset make one call each and stay without it.
 */
const appPages: RouteObject[] = [
  {
    path: '/register',
    element: lazyPage(() => import('../modules/registration/components/RegisterPage'), 'RegisterPage'),
  },
  {
    path: '/complete-registration',
    element: lazyPage(
      () => import('../modules/registration/components/CompleteRegistrationPage'),
      'CompleteRegistrationPage',
    ),
  },
  {
    path: '/dashboard',
    element: signedIn(
      lazyPage(() => import('../modules/dashboard/components/DashboardPage'), 'DashboardPage'),
    ),
  },
  {
    path: '/upload',
    element: signedIn(lazyPage(() => import('../modules/upload/components/UploadPage'), 'UploadPage')),
  },
  {
    path: '/billing',
    element: signedIn(lazyPage(() => import('../modules/billing/components/BillingPage'), 'BillingPage')),
  },
  {
    path: '/account',
    element: signedIn(lazyPage(() => import('../modules/account/components/AccountPage'), 'AccountPage')),
  },
  {
    path: '/extension/connect',
    element: signedIn(
      lazyPage(() => import('../modules/extension/components/ExtensionConnectPage'), 'ExtensionConnectPage'),
    ),
  },
  {
    path: '/device',
    element: signedIn(lazyPage(() => import('../modules/device/components/DevicePage'), 'DevicePage')),
  },
  {
    path: '/analytics',
    element: signedIn(
      lazyPage(() => import('../modules/features/components/AnalyticsPage'), 'AnalyticsPage'),
    ),
  },
  {
    path: '/domains',
    element: signedIn(lazyPage(() => import('../modules/features/components/DomainsPage'), 'DomainsPage')),
  },
];

const pages: RouteObject[] = [
  { path: '/', element: lazyPage(() => import('../modules/landing/components/LandingPage'), 'LandingPage') },
  { path: '/pricing', element: <Navigate to="/#pricing" replace /> },
  { path: '/login', element: lazyPage(() => import('../modules/auth/components/LoginPage'), 'LoginPage') },
  {
    path: '/forgot-password',
    element: lazyPage(() => import('../modules/auth/components/ForgotPasswordPage'), 'ForgotPasswordPage'),
  },
  { path: '/tos', element: lazyPage(() => import('../modules/legal/components/LegalPage'), 'TermsPage') },
  {
    path: '/privacy',
    element: lazyPage(() => import('../modules/legal/components/LegalPage'), 'PrivacyPage'),
  },
  { element: lazyPage(() => import('./QueryLayout'), 'QueryLayout'), children: appPages },
  // Lazy like every page: the view page's code is not in the landing page's download.
  { path: '/view', element: viewPage() },
  { path: '/view/:id', element: viewPage() },
  { path: '/embed/:id', element: lazyPage(() => import('../modules/viewer'), 'EmbedRedirect') },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * The app's chrome around pages. A page that throws (or whose chunk fails to load) shows the
 * error element inside the chrome (skip link, consent banner); the outer one catches the chrome.
 */
export const withChrome = (children: RouteObject[]): RouteObject[] => [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [{ errorElement: <RouteError />, children }],
  },
];

export const routes: RouteObject[] = withChrome(pages);
