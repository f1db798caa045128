import { type ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '../modules/auth/components/RequireAuth';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './NotFoundPage';
import { RootLayout } from './RootLayout';

const signedIn = (page: ReactElement) => <RequireAuth>{page}</RequireAuth>;

const pages: RouteObject[] = [
  { path: '/', element: lazyPage(() => import('../modules/landing/components/LandingPage'), 'LandingPage') },
  { path: '/pricing', element: <Navigate to="/#pricing" replace /> },
  { path: '/login', element: lazyPage(() => import('../modules/auth/components/LoginPage'), 'LoginPage') },
  {
    path: '/forgot-password',
    element: lazyPage(() => import('../modules/auth/components/ForgotPasswordPage'), 'ForgotPasswordPage'),
  },
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
  { path: '/tos', element: lazyPage(() => import('../modules/legal/components/LegalPage'), 'TermsPage') },
  {
    path: '/privacy',
    element: lazyPage(() => import('../modules/legal/components/LegalPage'), 'PrivacyPage'),
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
    path: '/analytics',
    element: signedIn(
      lazyPage(() => import('../modules/features/components/AnalyticsPage'), 'AnalyticsPage'),
    ),
  },
  {
    path: '/domains',
    element: signedIn(lazyPage(() => import('../modules/features/components/DomainsPage'), 'DomainsPage')),
  },
  // Lazy like every page: the view page's code is not in the landing page's download.
  { path: '/view', element: lazyPage(() => import('./ViewRoute'), 'ViewRoute') },
  { path: '/view/:id', element: lazyPage(() => import('./ViewRoute'), 'ViewRoute') },
  { path: '/embed/:id', element: lazyPage(() => import('../modules/viewer'), 'EmbedRedirect') },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [{ element: <RootLayout />, children: pages }];
