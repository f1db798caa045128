import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  CONNECT_WINDOW,
  type SealedChannelEnd,
  createSealedChannel,
  parseAsk,
  parseSealed,
} from '@core-vault/contracts';
import { json, renderApp, sessionUser, stubFetch } from '../../../test-support';
import {
  CONNECT_ACK_MS,
  DETECT_MS,
  EXTENSION_INSTALL_URL,
  EXTENSION_TOKEN_REQUEST,
} from '../connect-protocol';
import { CONNECT_TEXTS } from './ExtensionConnectPage';

const SECRET = `cvpat_${'k'.repeat(43)}`;
const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';

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

const mints = (calls: ReturnType<typeof gateway>) =>
  calls.filter((c) => c.init.method === 'POST' && c.url.endsWith('/personal-tokens'));

/** jsdom's postMessage sets no source or origin: answers are dispatched as a browser would send them. */
const answer = (data: unknown, origin = window.location.origin) =>
  window.dispatchEvent(new MessageEvent('message', { data, source: window, origin }));

/**
 * Everything said on the window, as any other listener there hears it (another extension's
 * content script, a third-party script on the page).
 */
function eavesdrop() {
  const heard: unknown[] = [];
  const listener = (event: MessageEvent) => heard.push(event.data);
  window.addEventListener('message', listener);
  return {
    heard,
    text: () => JSON.stringify(heard),
    remove: () => window.removeEventListener('message', listener),
  };
}

type SealedAnswer = 'received' | 'refused' | 'none';

/**
 * The extension's content script as the page sees it. Chromium: announces its id (the key then
 * goes through the fake chrome.runtime below). Firefox: announces a fresh sealed channel per ask,
 * opens the sealed key and answers for its nonce (`origin` overridable to play an impostor).
 */
function fakeBridge(
  channel: 'runtime' | 'sealed',
  options: { reply?: SealedAnswer; origin?: string; version?: string; extensionId?: string } = {},
) {
  const opened: (string | null)[] = [];
  let end: SealedChannelEnd | null = null;
  const listener = (event: MessageEvent) => {
    const ask = parseAsk(event.data);
    if (ask) {
      void (async () => {
        const base = { type: CONNECT_WINDOW.ready, ask: ask.ask, version: options.version ?? '1.2.3' };
        if (channel === 'runtime') {
          answer({ ...base, channel: { kind: 'runtime', extensionId: options.extensionId ?? EXTENSION_ID } });
          return;
        }
        end = await createSealedChannel();
        answer({ ...base, channel: end.channel });
      })();
      return;
    }
    const sealed = parseSealed(event.data);
    if (!sealed || !end) return;
    void end.open(sealed).then((token) => {
      opened.push(token);
      const reply = options.reply ?? 'received';
      if (reply === 'none') return;
      answer(
        reply === 'received'
          ? { type: CONNECT_WINDOW.result, nonce: sealed.nonce, ok: true }
          : { type: CONNECT_WINDOW.result, nonce: sealed.nonce, ok: false, error: 'The key was refused.' },
        options.origin,
      );
    });
  };
  window.addEventListener('message', listener);
  return { opened, remove: () => window.removeEventListener('message', listener) };
}

/** chrome.runtime as Chromium gives it to a page the extension's externally_connectable lists. */
function fakeRuntime(onToken: 'received' | 'refused' | 'none' = 'received') {
  const calls: { id: string; message: Record<string, unknown> }[] = [];
  const runtime = {
    lastError: undefined as { message: string } | undefined,
    sendMessage(id: string, message: Record<string, unknown>, callback: (reply: unknown) => void) {
      calls.push({ id, message });
      if (id !== EXTENSION_ID) {
        runtime.lastError = { message: 'Could not establish connection. Receiving end does not exist.' };
        callback(undefined);
        runtime.lastError = undefined;
        return;
      }
      if (message['type'] === 'hello') return callback({ ok: true, version: '1.2.3' });
      if (onToken === 'received') return callback({ ok: true, email: 'ada@example.com' });
      if (onToken === 'refused') return callback({ ok: false, error: 'The vault did not accept this key.' });
    },
  };
  Object.assign(window, { chrome: { runtime } });
  return calls;
}

describe('ExtensionConnectPage', () => {
  const cleanups: (() => void)[] = [];
  const track = <T extends { remove: () => void }>(t: T): T => {
    cleanups.push(t.remove);
    return t;
  };
  afterEach(() => {
    for (const c of cleanups.splice(0)) c();
    Reflect.deleteProperty(window, 'chrome');
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('Chromium: creates the key only on the click and sends it to the extension’s id, not to the window', async () => {
    const calls = gateway();
    const window$ = track(eavesdrop());
    track(fakeBridge('runtime'));
    const runtime = fakeRuntime();
    renderApp('/extension/connect');
    expect(await screen.findByRole('heading', { name: CONNECT_TEXTS.title })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('extension-status')).toHaveTextContent(CONNECT_TEXTS.installed('1.2.3')),
    );
    // Found, and checked with a hello to that id; no key yet.
    expect(runtime).toEqual([{ id: EXTENSION_ID, message: { type: 'hello' } }]);
    expect(mints(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: CONNECT_TEXTS.connect }));
    expect(await screen.findByText(CONNECT_TEXTS.connected)).toBeInTheDocument();
    expect(mints(calls)).toHaveLength(1);
    const body = mints(calls)[0]?.init.body;
    expect(JSON.parse(typeof body === 'string' ? body : '{}')).toEqual(EXTENSION_TOKEN_REQUEST);
    expect(runtime[1]).toEqual({ id: EXTENSION_ID, message: { type: 'connect-token', token: SECRET } });
    // Heard on the window: the ask and the answer, never the key.
    expect(window$.heard.map((d) => (d as { type?: string }).type)).toEqual(
      expect.arrayContaining([CONNECT_WINDOW.ask, CONNECT_WINDOW.ready]),
    );
    expect(window$.text()).not.toContain(SECRET);
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it('Firefox: the key goes sealed to the content script’s nonce; a listener on the window cannot read it', async () => {
    const calls = gateway();
    const window$ = track(eavesdrop());
    const bridge = track(fakeBridge('sealed'));
    renderApp('/extension/connect');
    await waitFor(() =>
      expect(screen.getByTestId('extension-status')).toHaveTextContent(CONNECT_TEXTS.installed('1.2.3')),
    );
    expect(mints(calls)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: CONNECT_TEXTS.connect }));
    expect(await screen.findByText(CONNECT_TEXTS.connected)).toBeInTheDocument();
    expect(bridge.opened).toEqual([SECRET]);
    expect(window$.heard.map((d) => (d as { type?: string }).type)).toContain(CONNECT_WINDOW.sealed);
    expect(window$.text()).not.toContain(SECRET);
    expect(window$.text()).not.toContain('cvpat_');
  });

  it('without the extension: says so, links to the install instructions, creates no key', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = gateway();
    renderApp('/extension/connect');
    expect(await screen.findByTestId('extension-status')).toHaveTextContent(CONNECT_TEXTS.checking);
    expect(screen.queryByRole('button', { name: CONNECT_TEXTS.connect })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(DETECT_MS));
    expect(screen.getByTestId('extension-status')).toHaveTextContent(CONNECT_TEXTS.notInstalled);
    expect(screen.getByRole('link', { name: CONNECT_TEXTS.install })).toHaveAttribute(
      'href',
      EXTENSION_INSTALL_URL,
    );
    expect(screen.queryByRole('button', { name: CONNECT_TEXTS.connect })).toBeNull();
    expect(mints(calls)).toEqual([]);

    // Installed meanwhile: "Check again" finds it.
    track(fakeBridge('sealed'));
    fireEvent.click(screen.getByRole('button', { name: CONNECT_TEXTS.checkAgain }));
    expect(await screen.findByRole('button', { name: CONNECT_TEXTS.connect })).toBeInTheDocument();
    expect(mints(calls)).toEqual([]);
  });

  it('announced but not reachable from this page (another vault’s build): no key', async () => {
    const calls = gateway();
    track(fakeBridge('runtime', { extensionId: 'ponmlkjihgfedcbaponmlkjihgfedcba' }));
    fakeRuntime();
    renderApp('/extension/connect');
    await waitFor(() =>
      expect(screen.getByTestId('extension-status')).toHaveTextContent(CONNECT_TEXTS.unreachable),
    );
    expect(screen.queryByRole('button', { name: CONNECT_TEXTS.connect })).toBeNull();
    expect(mints(calls)).toEqual([]);
  });

  it('two different answers to one ask: something plays the extension, nothing is handed over', async () => {
    const calls = gateway();
    track(fakeBridge('sealed'));
    track(fakeBridge('sealed', { version: '6.6.6' }));
    renderApp('/extension/connect');
    await waitFor(() =>
      expect(screen.getByTestId('extension-status')).toHaveTextContent(CONNECT_TEXTS.conflict),
    );
    expect(screen.queryByRole('button', { name: CONNECT_TEXTS.connect })).toBeNull();
    expect(mints(calls)).toEqual([]);
  });

  it('says why when the extension refused the key, and shows it to paste', async () => {
    gateway();
    track(fakeBridge('runtime'));
    fakeRuntime('refused');
    renderApp('/extension/connect');
    fireEvent.click(await screen.findByRole('button', { name: CONNECT_TEXTS.connect }));
    const box = await screen.findByTestId('connect-token');
    expect(box).toHaveTextContent(CONNECT_TEXTS.refused('The vault did not accept this key.'));
    expect(within(box).getByLabelText(CONNECT_TEXTS.tokenLabel)).toHaveValue(SECRET);
  });

  it('shows the key once to paste when no answer comes in time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    gateway();
    const bridge = track(fakeBridge('sealed', { reply: 'none' }));
    renderApp('/extension/connect');
    fireEvent.click(await screen.findByRole('button', { name: CONNECT_TEXTS.connect }));
    await waitFor(() => expect(bridge.opened).toEqual([SECRET]));
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
    const bridge = track(fakeBridge('sealed', { origin: 'https://evil.example' }));
    renderApp('/extension/connect');
    fireEvent.click(await screen.findByRole('button', { name: CONNECT_TEXTS.connect }));
    await waitFor(() => expect(bridge.opened).toEqual([SECRET]));
    await act(() => vi.advanceTimersByTimeAsync(CONNECT_ACK_MS));
    expect(
      within(await screen.findByTestId('connect-token')).getByLabelText(CONNECT_TEXTS.tokenLabel),
    ).toHaveValue(SECRET);
    expect(screen.queryByText(CONNECT_TEXTS.connected)).toBeNull();
  });

  it('sends a signed-out visitor to sign in, and back here after', async () => {
    gateway(false);
    track(fakeBridge('sealed'));
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
