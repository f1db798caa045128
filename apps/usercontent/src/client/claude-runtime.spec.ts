import { frameMessageSchema } from '@core-vault/contracts';
import { agentMessage } from './agent-messages';
import {
  type CompleteRequest,
  RuntimeError,
  type RuntimeTransport,
  type StorageCall,
  installClaudeRuntime,
  storageKeyProblem,
  toCompleteRequest,
} from './claude-runtime';
import { judgeNavigation } from './navigation-guard';
import { BrowserPersonalStore, embedTransport, parentTransport } from './runtime-transports';
import { MemoryStorage } from './storage-shim';

interface RuntimeWindow {
  storage: {
    get: (k: unknown, s?: boolean) => Promise<unknown>;
    set: (k: unknown, v: unknown, s?: boolean) => Promise<unknown>;
    delete: (k: unknown, s?: boolean) => Promise<unknown>;
    list: (p?: unknown, s?: boolean) => Promise<unknown>;
  };
  claude: { complete: (input: unknown) => Promise<string> };
  fetch: typeof fetch;
}

function setup(complete?: (r: CompleteRequest) => Promise<never> | Promise<{ text: string }>) {
  const calls: StorageCall[] = [];
  const completions: CompleteRequest[] = [];
  const aiOff: string[] = [];
  const native = jest.fn(() => Promise.resolve(new Response('native')));
  const transport: RuntimeTransport = {
    storage: (call) => {
      calls.push(call);
      return Promise.resolve(call.op === 'get' ? { key: call.key, value: 'v', shared: call.shared } : null);
    },
    complete: async (request) => {
      completions.push(request);
      const out = complete ? await complete(request) : { text: 'answer' };
      return { model: 'm', stopReason: 'end_turn', usage: { inputTokens: 1, outputTokens: 2 }, ...out };
    },
  };
  const win = { fetch: native } as unknown as Window;
  installClaudeRuntime(win, { transport, onAiOff: (m) => aiOff.push(m) });
  return { win: win as unknown as RuntimeWindow, calls, completions, aiOff, native };
}

describe('window.storage', () => {
  it('passes calls through with Claude’s defaults (personal) and shapes', async () => {
    const { win, calls } = setup();
    expect(await win.storage.get('notes')).toEqual({ key: 'notes', value: 'v', shared: false });
    await win.storage.set('todo:1', { done: true }, true);
    await win.storage.delete('todo:1');
    await win.storage.list('todo:', true);
    await win.storage.list();
    expect(calls).toEqual([
      { op: 'get', key: 'notes', shared: false },
      { op: 'set', key: 'todo:1', value: '{"done":true}', shared: true },
      { op: 'delete', key: 'todo:1', shared: false },
      { op: 'list', prefix: 'todo:', shared: true },
      { op: 'list', prefix: null, shared: false },
    ]);
  });

  it.each([
    ['', 'non-empty'],
    ['a'.repeat(200), 'under 200'],
    ['has space', 'whitespace'],
    ['tab\tkey', 'whitespace'],
    ['a/b', 'slashes or quotes'],
    ['a\\b', 'slashes or quotes'],
    ["it's", 'slashes or quotes'],
    ['say"hi"', 'slashes or quotes'],
    ['`x`', 'slashes or quotes'],
  ])('refuses the key %j with a clear Error', async (key, words) => {
    const { win, calls } = setup();
    await expect(win.storage.set(key, 'x')).rejects.toThrow(words);
    await expect(win.storage.get(key)).rejects.toBeInstanceOf(Error);
    expect(calls).toEqual([]);
  });

  it('accepts the longest key and Claude’s usual key shapes', () => {
    for (const key of ['a'.repeat(199), 'journal:2026-12-07', 'user_1.settings', 'émoji-🙂'])
      expect(storageKeyProblem(key)).toBeNull();
  });

  it('refuses a value over 5 MB before sending it', async () => {
    const { win, calls } = setup();
    await expect(win.storage.set('big', 'x'.repeat(5 * 1024 * 1024 + 1))).rejects.toThrow('5 MB');
    // Multi-byte text counts its UTF-8 bytes.
    await expect(win.storage.set('big', 'é'.repeat(3 * 1024 * 1024))).rejects.toThrow('5 MB');
    expect(calls).toEqual([]);
  });

  it('checks a 500,000-character hostile key in linear time', () => {
    const started = performance.now();
    expect(storageKeyProblem(`${'a'.repeat(500_000)}`)).toContain('under 200');
    expect(storageKeyProblem(`${'a '.repeat(90)}`)).toContain('whitespace');
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('window.claude.complete', () => {
  it('answers a prompt or Anthropic-style messages with the model’s text', async () => {
    const { win, completions } = setup();
    expect(await win.claude.complete('Hello')).toBe('answer');
    await win.claude.complete({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Hi ' },
            { type: 'text', text: 'there' },
          ],
        },
      ],
      system: 'Be brief',
      max_tokens: 100,
    });
    expect(completions).toEqual([
      { messages: [{ role: 'user', content: 'Hello' }] },
      { messages: [{ role: 'user', content: 'Hi there' }], system: 'Be brief', max_tokens: 100 },
    ]);
    expect(() => toCompleteRequest(42)).toThrow(Error);
  });

  it('rejects with a clear Error and shows the notice when AI calls are off here', async () => {
    const { win, aiOff } = setup(() =>
      Promise.reject(
        new RuntimeError('AI calls are not configured on this vault.', 'AI_NOT_CONFIGURED', 503),
      ),
    );
    await expect(win.claude.complete('x')).rejects.toThrow('AI calls are not configured on this vault.');
    expect(aiOff).toEqual(['AI calls are not configured on this vault.']);
  });

  it('answers keyless calls to Anthropic’s Messages API in its shapes; other requests go out as before', async () => {
    const { win, completions, native } = setup();
    const res = await win.fetch('https://api.anthropic.com/v1/messages', {
      method: 'POST',
      body: JSON.stringify({
        model: 'claude-x',
        max_tokens: 50,
        messages: [{ role: 'user', content: 'Hey' }],
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'answer' }],
      usage: { input_tokens: 1, output_tokens: 2 },
    });
    expect(completions[0]).toEqual({ messages: [{ role: 'user', content: 'Hey' }], max_tokens: 50 });
    await win.fetch('https://example.test/data.json');
    expect(native).toHaveBeenCalledTimes(1);
  });

  it('answers a refused Messages API call with Anthropic’s error shape', async () => {
    const { win, aiOff } = setup(() =>
      Promise.reject(
        new RuntimeError('The owner of this artifact has turned AI calls off.', 'AI_CALLS_OFF', 403),
      ),
    );
    const res = await win.fetch('https://api.anthropic.com/v1/messages', {
      method: 'POST',
      body: JSON.stringify({ messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      type: 'error',
      error: { type: 'permission_error', message: 'The owner of this artifact has turned AI calls off.' },
    });
    expect(aiOff).toHaveLength(1);
    const bad = await win.fetch('https://api.anthropic.com/v1/messages', {
      method: 'POST',
      body: 'not json',
    });
    expect(bad.status).toBe(400);
  });
});

describe('where the calls go', () => {
  it('keeps an anonymous viewer’s personal data in the origin’s storage, with Claude’s shapes and the 20 MB cap', () => {
    const storage = new MemoryStorage();
    storage.setItem('unrelated', 'kept apart');
    const store = new BrowserPersonalStore(storage);
    expect(store.run({ op: 'get', key: 'a', shared: false })).toBeNull();
    expect(store.run({ op: 'set', key: 'a:1', value: 'one', shared: false })).toEqual({
      key: 'a:1',
      value: 'one',
      shared: false,
    });
    store.run({ op: 'set', key: 'b', value: 'two', shared: false });
    expect(store.run({ op: 'list', prefix: 'a:', shared: false })).toEqual({
      keys: ['a:1'],
      prefix: 'a:',
      shared: false,
    });
    expect(store.run({ op: 'list', prefix: null, shared: false })).toMatchObject({ keys: ['a:1', 'b'] });
    expect(store.run({ op: 'delete', key: 'b', shared: false })).toEqual({
      key: 'b',
      deleted: true,
      shared: false,
    });
    expect(store.run({ op: 'delete', key: 'b', shared: false })).toEqual({
      key: 'b',
      deleted: false,
      shared: false,
    });
    expect(() =>
      store.run({ op: 'set', key: 'c', value: 'x'.repeat(21 * 1024 * 1024), shared: false }),
    ).toThrow('20 MB');
    // Memory where the browser gives no storage.
    const memory = new BrowserPersonalStore(null);
    memory.run({ op: 'set', key: 'k', value: 'v', shared: false });
    expect(memory.run({ op: 'get', key: 'k', shared: false })).toEqual({
      key: 'k',
      value: 'v',
      shared: false,
    });
  });

  it('an embed calls its artifact’s API anonymously for shared data and AI; a missing key is null', async () => {
    const seen: Array<[string, RequestInit]> = [];
    const fetchFn = ((url: string, init: RequestInit) => {
      seen.push([url, init]);
      if (url.endsWith('/missing'))
        return Promise.resolve(
          Response.json({ code: 'STORAGE_KEY_NOT_FOUND', message: 'No value' }, { status: 404 }),
        );
      if (url.endsWith('/complete'))
        return Promise.resolve(Response.json({ code: 'AI_CALLS_OFF', message: 'Off.' }, { status: 403 }));
      return Promise.resolve(Response.json({ key: 'k', value: 'v', shared: true }));
    }) as unknown as typeof fetch;
    const api = 'http://127.0.0.1:4200/api/v1/artifacts/a%201';
    const transport = embedTransport(api, new MemoryStorage(), fetchFn);
    expect(await transport.storage({ op: 'get', key: 'missing', shared: true })).toBeNull();
    await transport.storage({ op: 'set', key: 'a b', value: 'v', shared: true });
    await transport.storage({ op: 'list', prefix: 'p:', shared: true });
    await expect(transport.complete({ messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      code: 'AI_CALLS_OFF',
      status: 403,
      message: 'Off.',
    });
    expect(seen.map(([u, i]) => [u, i.method, i.credentials])).toEqual([
      [`${api}/storage/shared/missing`, 'GET', 'omit'],
      [`${api}/storage/shared/a%20b`, 'PUT', 'omit'],
      [`${api}/storage/shared?prefix=p%3A`, 'GET', 'omit'],
      [`${api}/complete`, 'POST', 'omit'],
    ]);
    // Personal data never leaves the browser in an embed.
    await transport.storage({ op: 'set', key: 'mine', value: 'v', shared: false });
    expect(seen).toHaveLength(4);
  });

  it('in the app’s frame, asks the exact parent and takes answers only from it; anonymous personal data stays here', async () => {
    const parent = { postMessage: jest.fn() };
    const win = Object.assign(new EventTarget(), { parent }) as unknown as Window;
    const transport = parentTransport(win, 'http://127.0.0.1:4200', new MemoryStorage());
    const answer = (data: unknown, origin = 'http://127.0.0.1:4200', source: unknown = parent) =>
      win.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }));
    const pending = transport.storage({ op: 'get', key: 'k', shared: true });
    const [message, target] = parent.postMessage.mock.calls[0]!;
    expect(target).toBe('http://127.0.0.1:4200');
    expect(frameMessageSchema.safeParse(message).success).toBe(true);
    const reply = {
      ...agentMessage({ kind: 'rendered' }),
      kind: 'runtime-result',
      call: message.call,
      ok: true,
    };
    answer({ ...reply, result: { key: 'k', value: 'forged', shared: true } }, 'https://evil.example');
    answer({ ...reply, result: { key: 'k', value: 'forged', shared: true } }, undefined, {});
    answer({ ...reply, result: { key: 'k', value: 'v', shared: true } });
    expect(await pending).toEqual({ key: 'k', value: 'v', shared: true });
    // The app says sign-in is needed for personal data: the browser keeps it instead.
    const personal = transport.storage({ op: 'set', key: 'p', value: '1', shared: false });
    const call = parent.postMessage.mock.calls[1]![0].call as number;
    answer({
      ...reply,
      call,
      ok: false,
      error: { message: 'Sign in', code: 'STORAGE_SIGN_IN_REQUIRED', status: 401 },
    });
    expect(await personal).toEqual({ key: 'p', value: '1', shared: false });
  });
});

describe('judgeNavigation', () => {
  const here = 'http://abcdefghijklmnopqrstuvwxyz.localhost:4300/frame?parent=x';
  it.each<[string, { userInitiated?: boolean; navigationType?: string }, string]>([
    ['#section', {}, 'allow'],
    ['/frame?parent=y', {}, 'allow'],
    ['https://elsewhere.example/?typed=secret', {}, 'block'],
    ['https://elsewhere.example/', { userInitiated: true, navigationType: 'replace' }, 'block'],
    ['https://docs.example/', { userInitiated: true, navigationType: 'push' }, 'new-tab'],
    ['mailto:someone@example.com', { userInitiated: true, navigationType: 'push' }, 'new-tab'],
    ['javascript:go()', { userInitiated: true, navigationType: 'push' }, 'allow'],
    ['data:text/html,<p>x</p>', {}, 'block'],
    ['http://zyxwvutsrqponmlkjihgfedcba.localhost:4300/frame', {}, 'block'],
  ])('%s (%j) → %s', (destination, event, verdict) => {
    expect(judgeNavigation(destination, here, event)).toBe(verdict);
  });
});
