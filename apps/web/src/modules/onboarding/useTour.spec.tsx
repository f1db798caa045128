import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MILESTONES, MILESTONE_LABELS } from '@core-vault/contracts';
import { type Handler, json, renderApp, sessionUser, stubFetch } from '../../test-support';
import { TOUR_DONE_KEY } from './tour-store';

const progress = (over: Record<string, unknown>) => ({
  milestones: MILESTONES.map((key) => ({ key, label: MILESTONE_LABELS[key], reachedAt: null })),
  completed: 0,
  healthScore: 0,
  band: 'at_risk',
  dismissed: true,
  tourDone: false,
  ...over,
});

const dashboard =
  (state: Record<string, unknown>): Handler =>
  (url, init) => {
    if (url.endsWith('/api/v1/auth/refresh'))
      return json(200, { success: true, user: sessionUser(), token: 't' });
    if (url.endsWith('/api/v1/collections')) return json(200, { collections: [] });
    if (/\/api\/v1\/artifacts\?/.test(url))
      return json(200, { artifacts: [], page: 1, limit: 20, total: 0, hasMore: false, nextCursor: null });
    if (url.endsWith('/api/v1/onboarding/milestones')) return json(200, progress(state));
    if (url.endsWith('/api/v1/onboarding/tour') && init.method === 'PUT') {
      state.tourDone = (JSON.parse(init.body as string) as { done: boolean }).done;
      return json(200, progress(state));
    }
    return undefined;
  };

const tourPut = (calls: { url: string; init: RequestInit }[]) =>
  calls.filter((c) => c.url.endsWith('/api/v1/onboarding/tour')).map((c) => c.init.body);

describe('the tour and the checklist stay out of the way once dismissed', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('does not open on a browser that never saw it when the account finished it elsewhere', async () => {
    stubFetch(dashboard({ tourDone: true }));
    renderApp('/dashboard');
    expect(await screen.findByRole('tab', { name: /My Artifacts/ })).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(TOUR_DONE_KEY)).toBe('true'));
    expect(screen.queryByRole('dialog', { name: 'Welcome to Core Vault!' })).toBeNull();
    // The dismissed checklist takes no room above the artifacts.
    expect(screen.queryByRole('heading', { name: 'Get started with Core Vault' })).toBeNull();
  });

  it('opens for a new account, and Skip remembers it for the account, not only this browser', async () => {
    const state = { tourDone: false };
    const calls = stubFetch(dashboard(state));
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Skip tour' }));
    await waitFor(() => expect(tourPut(calls)).toEqual([JSON.stringify({ done: true })]));
    expect(state.tourDone).toBe(true);
    expect(screen.queryByRole('button', { name: 'Skip tour' })).toBeNull();
  });

  it('hands a completion this browser knew from before to the account, once, without opening', async () => {
    window.localStorage.setItem(TOUR_DONE_KEY, 'true');
    const calls = stubFetch(dashboard({ tourDone: false }));
    renderApp('/dashboard');
    await waitFor(() => expect(tourPut(calls)).toEqual([JSON.stringify({ done: true })]));
    expect(screen.queryByRole('button', { name: 'Skip tour' })).toBeNull();
  });
});
