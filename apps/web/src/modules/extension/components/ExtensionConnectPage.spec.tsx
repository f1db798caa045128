import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, renderApp, sessionUser, stubFetch } from '../../../test-support';
import { CONNECT_ACK_MS, CONNECT_MESSAGES, EXTENSION_TOKEN_REQUEST } from '../connect-protocol';
import { CONNECT_TEXTS } from './ExtensionConnectPage';

const SECRET = `cvpat_${'k'.repeat(43)}`;

/** The gateway: a signed-in session (or none) and the token route. */
function gateway(signedIn = true) {
  return stubFetch((url, init) => {
    if (url.endsWith('/api/v1/auth/refresh'))
      return signedIn
        ? json(200, { success: true, user: sessionUser(), token: 't' })
        : json(401, { statusCode: 401, code: 'SESSION_EXPIRED', message: 'x' });
    if (url.endsWith('/api/v1/personal-tokens') && init.method === 'POST')
      return json(201, {
        token: SECRET,
        personalToken: {
          id: 'pat_1',
          name: EXTENSION_TOKEN_REQUEST.name,
          prefix: 'cvpat_kkkk',
          scopes: [...EXTENSION_TOKEN_REQUEST.scopes],
          createdAt: '2026-11-25T00:00:00.000Z',
          expiresAt: '2027-11-25T00:00:00.000Z',
          lastUsedAt: null,
          revokedAt: null,
        },
      });
    return undefined;
  });
}

/**
 * The extension's content script as the page sees it: marks the page, takes the posted key and
 * answers on the same window. jsdom's postMessage sets no source or origin, so the answer is
 * dispatched with the ones a browser would give (`origin` overridable to play an impostor).
 */
function fakeBridge(answer: 'received' | 'refused' | 'none', origin = window.location.origin) {
  document.documentElement.dataset['cvExtension'] = '1.2.3';
  const received: unknown[] = [];
  const listener = (event: MessageEvent) => {
    const data = event.data as { type?: string } | null;
    if (data?.type !== CONNECT_MESSAGES.token) return;
    received.push(data);
    if (answer === 'none') return;
    const reply =
      answer === 'received'
        ? { type: CONNECT_MESSAGES.received, email: 'ada@example.com' }
        : { type: CONNECT_MESSAGES.refused, error: 'The key was refused.' };
    window.dispatchEvent(new MessageEvent('message', { data: reply, source: window, origin }));
  };
  window.addEventListener('message', listener);
  return { received, remove: () => window.removeEventListener('message', listener) };
}

describe('ExtensionConnectPage', () => {
  let bridge: ReturnType<typeof fakeBridge> | undefined;
  afterEach(() => {
    bridge?.remove();
    bridge = undefined;
    delete document.documentElement.dataset['cvExtension'];
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('creates the extension key and hands it over; the extension acknowledges', async () => {
    const calls = gateway();
    bridge = fakeBridge('received');
    renderApp('/extension/connect');
    expect(await screen.findByRole('heading', { name: CONNECT_TEXTS.title })).toBeInTheDocument();
    expect(screen.getByTestId('extension-status')).toHaveTextContent(CONNECT_TEXTS.installed('1.2.3'));
    fireEvent.click(screen.getByRole('button', { name: CONNECT_TEXTS.connect }));
    expect(await screen.findByText(CONNECT_TEXTS.connected)).toBeInTheDocument();
    const post = calls.find((c) => c.init.method === 'POST' && c.url.endsWith('/personal-tokens'));
    expect(JSON.parse(typeof post?.init.body === 'string' ? post.init.body : '{}')).toEqual(
      EXTENSION_TOKEN_REQUEST,
    );
    expect(bridge.received).toEqual([
      { type: CONNECT_MESSAGES.token, token: SECRET, email: 'ada@example.com' },
    ]);
    // The key is never on screen when the extension took it.
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it('shows the key once to paste when no answer comes within 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    gateway();
    bridge = fakeBridge('none');
    renderApp('/extension/connect');
    fireEvent.click(await screen.findByRole('button', { name: CONNECT_TEXTS.connect }));
    await waitFor(() => expect(bridge?.received).toHaveLength(1));
    expect(screen.queryByTestId('connect-token')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(CONNECT_ACK_MS));
    const box = await screen.findByTestId('connect-token');
    expect(within(box).getByLabelText(CONNECT_TEXTS.tokenLabel)).toHaveValue(SECRET);
    expect(box).toHaveTextContent(CONNECT_TEXTS.fallback);
    expect(screen.getByRole('button', { name: CONNECT_TEXTS.copy })).toBeInTheDocument();
  });

  it('ignores an acknowledgement from another origin', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    gateway();
    bridge = fakeBridge('received', 'https://evil.example');
    renderApp('/extension/connect');
    fireEvent.click(await screen.findByRole('button', { name: CONNECT_TEXTS.connect }));
    await waitFor(() => expect(bridge?.received).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(CONNECT_ACK_MS));
    expect(
      within(await screen.findByTestId('connect-token')).getByLabelText(CONNECT_TEXTS.tokenLabel),
    ).toHaveValue(SECRET);
    expect(screen.queryByText(CONNECT_TEXTS.connected)).toBeNull();
  });

  it('says why when the extension refused the key, and shows it to paste', async () => {
    gateway();
    bridge = fakeBridge('refused');
    renderApp('/extension/connect');
    fireEvent.click(await screen.findByRole('button', { name: CONNECT_TEXTS.connect }));
    const box = await screen.findByTestId('connect-token');
    expect(box).toHaveTextContent(CONNECT_TEXTS.refused('The key was refused.'));
    expect(within(box).getByLabelText(CONNECT_TEXTS.tokenLabel)).toHaveValue(SECRET);
  });

  it('says when the extension is not installed', async () => {
    gateway();
    renderApp('/extension/connect');
    expect(await screen.findByTestId('extension-status')).toHaveTextContent(CONNECT_TEXTS.notInstalled);
    // The content script may run after the page rendered.
    act(() => {
      document.documentElement.dataset['cvExtension'] = '1.2.3';
    });
    await waitFor(() =>
      expect(screen.getByTestId('extension-status')).toHaveTextContent(CONNECT_TEXTS.installed('1.2.3')),
    );
  });

  it('sees a mark made after the first render but before it started watching', async () => {
    gateway();
    // The content script marks the page in the gap between the page's first read of the mark and
    // its observer starting: no mutation is reported for it, and the page must still see it.
    const Native = window.MutationObserver;
    window.MutationObserver = class extends Native {
      override observe(target: Node, options?: MutationObserverInit): void {
        // Only the page's watch of the mark (testing-library's waitFor observes too).
        if (target === document.documentElement && options?.attributeFilter?.includes('data-cv-extension'))
          document.documentElement.dataset['cvExtension'] = '1.2.3';
        super.observe(target, options);
      }
    };
    try {
      renderApp('/extension/connect');
      await waitFor(() =>
        expect(screen.getByTestId('extension-status')).toHaveTextContent(CONNECT_TEXTS.installed('1.2.3')),
      );
    } finally {
      window.MutationObserver = Native;
    }
  });

  it('sends a signed-out visitor to sign in, and back here after', async () => {
    gateway(false);
    const router = renderApp('/extension/connect');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    stubFetch((url) =>
      url.endsWith('/api/v1/auth/sign-in')
        ? json(200, { success: true, message: 'ok', user: sessionUser(), token: 't' })
        : undefined,
    );
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/extension/connect'));
    expect(await screen.findByRole('button', { name: CONNECT_TEXTS.connect })).toBeInTheDocument();
  });
});
