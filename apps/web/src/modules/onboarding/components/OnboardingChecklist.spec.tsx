import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { MILESTONES, MILESTONE_LABELS } from '@core-vault/contracts';
import { createQueryClient } from '../../../lib/query';
import { json, stubFetch } from '../../../test-support';
import { OnboardingChecklist } from './OnboardingChecklist';

const progress = (over: Record<string, unknown> = {}) => ({
  milestones: MILESTONES.map((key) => ({
    key,
    label: MILESTONE_LABELS[key],
    reachedAt: key === 'first_upload' ? '2026-11-20T10:00:00.000Z' : null,
  })),
  completed: 1,
  healthScore: 35,
  band: 'moderate',
  dismissed: false,
  ...over,
});

function show(isAdmin = false, onShowArtifacts = () => undefined) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OnboardingChecklist isAdmin={isAdmin} onShowArtifacts={onShowArtifacts} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The JSON body the client sent (it always sends a string). */
const bodyOf = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;

const answers = (state: Record<string, unknown>) =>
  stubFetch((url, init) => {
    if (url.endsWith('/api/v1/onboarding/milestones')) return json(200, progress(state));
    if (url.endsWith('/api/v1/onboarding/checklist') && init.method === 'PUT') {
      Object.assign(state, bodyOf(init));
      return json(200, progress(state));
    }
    return undefined;
  });

describe('OnboardingChecklist', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the five milestones with their state and a way to reach each open one', async () => {
    answers({});
    const onShowArtifacts = vi.fn();
    show(false, onShowArtifacts);
    expect(await screen.findByRole('heading', { name: 'Get started with Core Vault' })).toBeInTheDocument();
    expect(screen.getByTestId('checklist-count')).toHaveTextContent('1 of 5 steps done');
    expect(screen.getByTestId('milestone-first_upload')).toHaveTextContent('First artifact upload (done)');
    expect(screen.getByTestId('milestone-first_share')).toHaveTextContent('First share (not done yet)');
    expect(screen.queryByRole('link', { name: 'Upload an artifact' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open account settings' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('link', { name: 'Open analytics' })).toHaveAttribute('href', '/analytics');
    expect(screen.getByRole('link', { name: 'Get the browser extension' })).toHaveAttribute(
      'href',
      '/#features',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go to my artifacts' }));
    expect(onShowArtifacts).toHaveBeenCalledTimes(1);
    // The score is for admins only.
    expect(screen.queryByTestId('health-score')).not.toBeInTheDocument();
  });

  it('shows an admin the health score and its band', async () => {
    answers({});
    show(true);
    expect(await screen.findByTestId('health-score')).toHaveTextContent('Health score: 35 (moderate)');
  });

  it('is dismissed on the server and then stays hidden', async () => {
    const state: Record<string, unknown> = {};
    const calls = answers(state);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss checklist' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Get started with Core Vault' })).not.toBeInTheDocument(),
    );
    const put = calls.find((c) => c.url.endsWith('/api/v1/onboarding/checklist'));
    expect(put?.init.method).toBe('PUT');
    expect(bodyOf(put?.init)).toEqual({ dismissed: true });
  });

  it('shows nothing for a user who dismissed it on another device', async () => {
    const calls = answers({ dismissed: true });
    show();
    await waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByRole('heading', { name: 'Get started with Core Vault' })).not.toBeInTheDocument();
  });

  it('says so when every step is done', async () => {
    stubFetch((url) =>
      url.endsWith('/api/v1/onboarding/milestones')
        ? json(200, {
            ...progress(),
            milestones: progress().milestones.map((m) => ({ ...m, reachedAt: '2026-11-20T10:00:00.000Z' })),
            completed: 5,
          })
        : undefined,
    );
    show();
    expect(await screen.findByTestId('checklist-count')).toHaveTextContent('All steps done.');
  });
});
