import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SESSION_MESSAGES } from '@core-vault/contracts';
import { createQueryClient } from '../../../lib/query';
import { json, stubFetch } from '../../../test-support';
import { SESSIONS_TEXTS, SessionsSection } from './SessionsSection';

const row = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  browser: 'Chrome',
  device: 'macOS',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-24T09:30:00.000Z',
  current: false,
  ...over,
});

/** A stubbed gateway holding `state.sessions`; ending removes them as identity would. */
function gateway(
  state: { sessions: ReturnType<typeof row>[] },
  fail?: (url: string) => Response | undefined,
) {
  return stubFetch((url, init) => {
    const failed = fail?.(url);
    if (failed) return failed;
    const method = init.method ?? 'GET';
    if (url.endsWith('/api/v1/sessions') && method === 'GET') return json(200, { sessions: state.sessions });
    if (url.endsWith('/api/v1/sessions/sign-out-others') && method === 'POST') {
      state.sessions = state.sessions.filter((s) => s.current);
      return json(200, { success: true, message: SESSION_MESSAGES.othersEnded });
    }
    const ended = /\/api\/v1\/sessions\/(ses_\w+)$/.exec(url);
    if (ended && method === 'DELETE') {
      state.sessions = state.sessions.filter((s) => s.id !== ended[1]);
      return json(200, { success: true, message: SESSION_MESSAGES.ended });
    }
    return undefined;
  });
}

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionsSection />
    </QueryClientProvider>,
  );

describe('SessionsSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each session with browser, device and last use, this one marked and not endable', async () => {
    gateway({
      sessions: [row('ses_me', { current: true }), row('ses_phone', { browser: 'Safari', device: 'iPhone' })],
    });
    show();
    expect(screen.getByText(SESSIONS_TEXTS.loading)).toBeInTheDocument();
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Chrome on macOS')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(SESSIONS_TEXTS.thisSession)).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByText('Safari on iPhone')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/^Last used/)).toBeInTheDocument();
  });

  it('ends one session and shows the list without it', async () => {
    const calls = gateway({
      sessions: [
        row('ses_me', { current: true }),
        row('ses_old'),
        row('ses_phone', { browser: 'Safari', device: 'iPhone' }),
      ],
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out Safari on iPhone' }));
    expect(await screen.findByText(SESSION_MESSAGES.ended)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(2));
    expect(
      calls.some((c) => c.init.method === 'DELETE' && c.url.endsWith('/api/v1/sessions/ses_phone')),
    ).toBe(true);
  });

  it('signs out every other session; the button goes when none is left', async () => {
    gateway({ sessions: [row('ses_me', { current: true }), row('ses_a'), row('ses_b')] });
    show();
    fireEvent.click(await screen.findByRole('button', { name: SESSIONS_TEXTS.signOutOthers }));
    expect(await screen.findByText(SESSION_MESSAGES.othersEnded)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: SESSIONS_TEXTS.signOutOthers })).toBeNull();
  });

  it('shows the server message when ending fails, and says so when there are no sessions', async () => {
    const state = { sessions: [row('ses_me', { current: true }), row('ses_gone')] };
    gateway(state, (url) =>
      url.endsWith('/ses_gone')
        ? json(404, { statusCode: 404, code: 'SESSION_NOT_FOUND', message: SESSION_MESSAGES.notFound })
        : undefined,
    );
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out Chrome on macOS' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SESSION_MESSAGES.notFound);
    vi.unstubAllGlobals();
    gateway({ sessions: [] });
    show();
    expect(await screen.findByText(SESSIONS_TEXTS.empty)).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and loads it on Try Again', async () => {
    let fail = true;
    gateway({ sessions: [row('ses_me', { current: true })] }, (url) =>
      fail && url.endsWith('/api/v1/sessions')
        ? json(403, { statusCode: 403, code: 'INSUFFICIENT_SCOPE', message: SESSION_MESSAGES.sessionOnly })
        : undefined,
    );
    show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SESSIONS_TEXTS.loadFailed);
    expect(alert).toHaveTextContent(SESSION_MESSAGES.sessionOnly);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: SESSIONS_TEXTS.retry }));
    expect(await screen.findAllByTestId('session-row')).toHaveLength(1);
  });
});
