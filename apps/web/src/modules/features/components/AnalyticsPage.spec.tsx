import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type Handler, json, renderApp, sessionUser, stubFetch } from '../../../test-support';

const signedIn =
  (over: Record<string, unknown>): Handler =>
  (url) =>
    url.endsWith('/api/v1/auth/refresh')
      ? json(200, { success: true, user: sessionUser(over), token: 't' })
      : undefined;

const overview: Handler = (url) =>
  url.endsWith('/api/v1/analytics/artifacts')
    ? json(200, {
        level: 'advanced',
        totalViews: 7,
        artifacts: [
          {
            artifactId: 'art-1',
            views: 5,
            ownerViews: 1,
            shares: 2,
            downloads: 3,
            remixes: 1,
            lastViewedAt: null,
          },
          {
            artifactId: 'art-2',
            views: 2,
            ownerViews: 0,
            shares: 0,
            downloads: 0,
            remixes: 0,
            lastViewedAt: null,
          },
        ],
      })
    : undefined;

/** The caller's artifact list, for the names (art-2 is beyond it: its id stands in). */
const list: Handler = (url) =>
  /\/api\/v1\/artifacts\?/.test(url)
    ? json(200, {
        artifacts: [
          {
            id: 'art-1',
            title: 'Quarterly report',
            description: '',
            type: 'HTML',
            isPublic: true,
            owner: 'usr_1',
            createdAt: '2026-11-01T00:00:00.000Z',
            updatedAt: '2026-11-01T00:00:00.000Z',
            viewCount: 5,
            shareCount: 2,
            downloadCount: 0,
            remixCount: 0,
            allowRemix: true,
            remixedFrom: null,
            tags: [],
            allowNetwork: false,
            version: 1,
            latestVersion: 1,
            revision: 1,
            indexable: false,
            metadata: { claudeVersion: 'claude-sonnet-4', extractedAt: '2026-11-01T00:00:00.000Z', size: 10 },
          },
        ],
        page: 1,
        limit: 100,
        total: 1,
        hasMore: false,
        nextCursor: null,
      })
    : undefined;

const stats: Handler = (url) => {
  const id = /\/api\/v1\/analytics\/artifacts\/([^/?]+)$/.exec(url)?.[1];
  if (!id) return undefined;
  return json(200, {
    artifactId: id,
    views: id === 'art-1' ? 5 : 2,
    ownerViews: 0,
    shares: 0,
    downloads: 0,
    remixes: 0,
    viewsLast30Days: id === 'art-1' ? 5 : 2,
    uniqueVisitors30Days: id === 'art-1' ? 3 : 1,
    embedViews: id === 'art-1' ? 4 : 0,
    directViews: id === 'art-1' ? 1 : 2,
    referrers:
      id === 'art-1'
        ? [
            { domain: 'blog.example', visitors: 2 },
            { domain: '(direct)', visitors: 1 },
          ]
        : [],
    series: [{ day: '2026-11-24', views: 5, uniqueVisitors: 3 }],
  });
};

const milestone: Handler = (url, init) =>
  url.includes('/api/v1/onboarding/milestones/') && init.method === 'POST'
    ? json(200, {
        milestones: [],
        completed: 0,
        healthScore: 0,
        band: 'at_risk',
        dismissed: false,
      })
    : undefined;

describe('AnalyticsPage per plan', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a Pro trial the per-artifact analytics it was sold, and Business extras as coming soon', async () => {
    const calls = stubFetch(
      signedIn({ planType: 'Pro', subscriptionStatus: 'TRIAL' }),
      overview,
      list,
      stats,
      milestone,
    );
    renderApp('/analytics');
    expect(await screen.findByRole('heading', { name: 'Per-artifact analytics' })).toBeInTheDocument();
    expect(screen.getByTestId('total-views')).toHaveTextContent('7');
    console.log(
      'DEBUG',
      calls.map((c) => c.url),
    );
    expect(await screen.findByRole('link', { name: 'Quarterly report' })).toHaveAttribute(
      'href',
      '/view/art-1',
    );
    expect(screen.getByRole('link', { name: 'art-2' })).toHaveAttribute('href', '/view/art-2');
    // Downloads and copies saved elsewhere beside views and shares (#35).
    const first = screen.getByRole('link', { name: 'Quarterly report' }).closest('tr');
    expect([...(first?.querySelectorAll('td') ?? [])].map((td) => td.textContent)).toEqual([
      'Quarterly report',
      '5',
      '2',
      '3',
      '1',
      '—',
    ]);
    expect(screen.getByRole('option', { name: 'Quarterly report' })).toBeInTheDocument();
    expect(await screen.findByTestId('uniqueVisitors30Days')).toHaveTextContent('3');
    expect(screen.getByTestId('embedViews')).toHaveTextContent('4');
    expect(screen.getByTestId('directViews')).toHaveTextContent('1');
    const referrers = screen.getByRole('table', { name: 'Top referrers' });
    expect(referrers).toHaveTextContent('Visitors');
    expect(referrers).toHaveTextContent('blog.example2');
    expect(referrers).toHaveTextContent('(direct)1');
    expect(screen.queryByText(/available with Business plan/)).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'More analytics with Business — coming soon' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Geographic Data')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Artifact'), { target: { value: 'art-2' } });
    await waitFor(() => expect(screen.getByTestId('embedViews')).toHaveTextContent('0'));
    expect(screen.getByText(/No referrers yet/)).toBeInTheDocument();
    // Opening the page is the "view analytics dashboard" milestone.
    expect(calls.some((c) => c.url.endsWith('/api/v1/onboarding/milestones/analytics_viewed'))).toBe(true);
  });

  it('shows Business the same statistics', async () => {
    stubFetch(
      signedIn({ planType: 'Business', subscriptionStatus: 'ACTIVE' }),
      overview,
      list,
      stats,
      milestone,
    );
    renderApp('/analytics');
    expect(await screen.findByTestId('viewsLast30Days')).toHaveTextContent('5');
  });

  it('offers a canceled account the Pro plan, with Upgrade Now leading to plan choice', async () => {
    const calls = stubFetch(signedIn({ planType: 'Pro', subscriptionStatus: 'CANCELED', isActive: false }));
    renderApp('/analytics');
    expect(
      await screen.findByRole('heading', { name: 'Analytics is available with Pro plan and higher' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/dashboard');
    // No statistics are asked for: the server would refuse them anyway.
    expect(calls.some((c) => c.url.includes('/api/v1/analytics/'))).toBe(false);
  });
});
