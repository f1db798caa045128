import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { routes } from './app/routes';
import { SessionProvider } from './modules/auth';
import { ApiClient } from './lib/api/client';

/** Answers a call (a pending promise: a request still on its way), or passes it on. */
export type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const anonymous: Handler = (url) =>
  url.endsWith('/api/v1/auth/refresh')
    ? json(401, { statusCode: 401, code: 'SESSION_EXPIRED', message: 'x' })
    : undefined;

/**
 * Stubs the global fetch the app's client uses: each handler may answer; unanswered calls fail
 * the test with the URL. Returns the recorded calls.
 */
export function stubFetch(...handlers: Handler[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      calls.push({ url, init });
      for (const h of handlers) {
        const res = h(url, init);
        if (res) return Promise.resolve(res);
      }
      return Promise.reject(new Error(`unexpected fetch ${init.method ?? 'GET'} ${url}`));
    }),
  );
  return calls;
}

export const sessionUser = (over: Record<string, unknown> = {}) => ({
  id: 'usr_1',
  email: 'ada@example.com',
  subscriptionStatus: 'TRIAL',
  planType: 'Pro',
  isActive: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  lastLoginAt: null,
  trialEnd: new Date(Date.now() + 10 * 86_400_000).toISOString(),
  currentPeriodEnd: null,
  stripeCustomerId: 'cus_1',
  ...over,
});

/** The whole app at a path, with a fresh API client (no token carried between tests). */
/** A signed-in session: the page-load refresh answers with `sessionUser()`. */
export const signedIn: Handler = (url) =>
  url.endsWith('/api/v1/auth/refresh')
    ? json(200, { success: true, user: sessionUser(), token: 't' })
    : undefined;

/** One artifact as the dashboard's list answers it; `over` sets what a test cares about. */
export const artifactSummary = (id: string, title: string, over: Record<string, unknown> = {}) => ({
  id,
  title,
  description: '',
  type: 'HTML',
  metadata: { claudeVersion: 'unknown', extractedAt: '2026-01-01T00:00:00.000Z', size: 10 },
  isPublic: false,
  allowNetwork: false,
  tags: [],
  version: 1,
  latestVersion: 1,
  revision: 1,
  indexable: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  owner: 'usr_1',
  viewCount: 0,
  shareCount: 0,
  downloadCount: 0,
  remixCount: 0,
  allowRemix: true,
  remixedFrom: null,
  ...over,
});

/** The calls around the dashboard's list: one collection "Work" (holding `artifactCount`), no onboarding. */
export const dashboardSurroundings =
  (artifactCount = 0): Handler =>
  (url) => {
    if (url.endsWith('/api/v1/collections'))
      return json(200, {
        collections: [
          {
            id: 'col_1',
            name: 'Work',
            artifactCount,
            createdAt: '2026-01-01T00:00:00Z',
            updatedAt: '2026-01-01T00:00:00Z',
          },
        ],
      });
    if (url.includes('/onboarding')) return json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'x' });
    return undefined;
  };

export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new ApiClient();
  render(
    <SessionProvider client={client}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return router;
}
