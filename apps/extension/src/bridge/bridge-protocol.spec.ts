import { CONNECT_WINDOW, newConnectAsk, parseReady, sealForExtension } from '@core-vault/contracts';
import { type TokenReply } from '../shared/messages';
import { type BridgeDeps, createBridge, NO_ANSWER, UNREADABLE_KEY } from './bridge-protocol';

const VAULT = 'https://vault.test';
const TOKEN = `cvpat_${'x'.repeat(43)}`;
const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
const SELF = { name: 'the page window' };

function bridgeFor(over: Partial<BridgeDeps> = {}) {
  const posted: Record<string, unknown>[] = [];
  const sent: string[] = [];
  let path = '/extension/connect';
  let reply: () => Promise<TokenReply> = () => Promise.resolve({ ok: true, email: 'a@b.test' });
  const bridge = createBridge({
    self: SELF,
    vaultOrigin: VAULT,
    version: '0.1.0',
    path: () => path,
    extensionId: null,
    post: (m) => posted.push(m as Record<string, unknown>),
    sendToken: (t) => {
      sent.push(t);
      return reply();
    },
    ...over,
  });
  const page = (data: unknown, from: Partial<{ source: unknown; origin: string }> = {}) =>
    bridge.onMessage({ source: SELF, origin: VAULT, data, ...from });
  /** The page's ask; the channel the bridge announced for it. */
  const ask = async () => {
    const id = newConnectAsk();
    await page({ type: CONNECT_WINDOW.ask, ask: id });
    const ready = parseReady(posted.at(-1), id);
    if (!ready) throw new Error(`no ready answer: ${JSON.stringify(posted.at(-1))}`);
    return ready.channel;
  };
  const sealedChannel = async () => {
    const channel = await ask();
    if (channel.kind !== 'sealed') throw new Error('expected the sealed channel');
    return channel;
  };
  return {
    posted,
    sent,
    page,
    ask,
    sealedChannel,
    at: (p: string) => (path = p),
    replyWith: (r: () => Promise<TokenReply>) => (reply = r),
  };
}

describe('the connect bridge (content script)', () => {
  it('Chromium: announces its id, and takes no key from the window', async () => {
    const b = bridgeFor({ extensionId: EXTENSION_ID });
    expect(await b.ask()).toEqual({ kind: 'runtime', extensionId: EXTENSION_ID });
    expect(b.posted[0]).toMatchObject({ type: CONNECT_WINDOW.ready, version: '0.1.0' });
    // Even a well-formed sealed message is not for it: Chromium's key comes over runtime messaging.
    const other = bridgeFor();
    const sealed = await sealForExtension(await other.sealedChannel(), TOKEN);
    await b.page({ type: CONNECT_WINDOW.sealed, ...sealed });
    expect(b.sent).toEqual([]);
    expect(b.posted).toHaveLength(1);
  });

  it('Firefox: opens the key sealed for the nonce it announced, hands it over, answers without it', async () => {
    const b = bridgeFor();
    const channel = await b.sealedChannel();
    const sealed = await sealForExtension(channel, TOKEN);
    await b.page({ type: CONNECT_WINDOW.sealed, ...sealed });
    expect(b.sent).toEqual([TOKEN]);
    expect(b.posted.at(-1)).toEqual({ type: CONNECT_WINDOW.result, nonce: channel.nonce, ok: true });
    // Nothing the bridge posted to the window holds the key.
    expect(JSON.stringify(b.posted)).not.toContain(TOKEN);
  });

  it('takes a nonce once: a replay is ignored', async () => {
    const b = bridgeFor();
    const sealed = await sealForExtension(await b.sealedChannel(), TOKEN);
    await b.page({ type: CONNECT_WINDOW.sealed, ...sealed });
    const answers = b.posted.length;
    await b.page({ type: CONNECT_WINDOW.sealed, ...sealed });
    expect(b.sent).toEqual([TOKEN]);
    expect(b.posted).toHaveLength(answers);
  });

  it('makes a new nonce per ask; only the latest is live', async () => {
    const b = bridgeFor();
    const first = await b.sealedChannel();
    const second = await b.sealedChannel();
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.publicKey).not.toBe(first.publicKey);
    await b.page({ type: CONNECT_WINDOW.sealed, ...(await sealForExtension(first, TOKEN)) });
    expect(b.sent).toEqual([]);
    await b.page({ type: CONNECT_WINDOW.sealed, ...(await sealForExtension(second, TOKEN)) });
    expect(b.sent).toEqual([TOKEN]);
  });

  it('refuses a sealed message that does not open to a connect key, and spends the nonce', async () => {
    const b = bridgeFor();
    const channel = await b.sealedChannel();
    const notAKey = await sealForExtension(channel, `cvp_${'x'.repeat(43)}`);
    await b.page({ type: CONNECT_WINDOW.sealed, ...notAKey });
    expect(b.posted.at(-1)).toEqual({
      type: CONNECT_WINDOW.result,
      nonce: channel.nonce,
      ok: false,
      error: UNREADABLE_KEY,
    });
    await b.page({ type: CONNECT_WINDOW.sealed, ...(await sealForExtension(channel, TOKEN)) });
    expect(b.sent).toEqual([]);
  });

  it('passes on the background’s refusal, or says it did not answer', async () => {
    const b = bridgeFor();
    b.replyWith(() => Promise.resolve({ ok: false, error: 'The vault did not accept this key.' }));
    const one = await b.sealedChannel();
    await b.page({ type: CONNECT_WINDOW.sealed, ...(await sealForExtension(one, TOKEN)) });
    expect(b.posted.at(-1)).toMatchObject({ ok: false, error: 'The vault did not accept this key.' });
    b.replyWith(() => Promise.reject(new Error('Extension context invalidated.')));
    const two = await b.sealedChannel();
    await b.page({ type: CONNECT_WINDOW.sealed, ...(await sealForExtension(two, TOKEN)) });
    expect(b.posted.at(-1)).toMatchObject({ nonce: two.nonce, ok: false, error: NO_ANSWER });
  });

  it.each([
    ['another window (a frame, an opener)', { source: {} }],
    ['another origin', { origin: 'https://evil.test' }],
    ['another port of the vault host', { origin: 'https://vault.test:8443' }],
  ])('ignores an ask from %s', async (_label, from) => {
    const b = bridgeFor();
    await b.page({ type: CONNECT_WINDOW.ask, ask: newConnectAsk() }, from);
    expect(b.posted).toEqual([]);
  });

  it('answers only on /extension/connect (it runs on every vault page)', async () => {
    const b = bridgeFor();
    b.at('/dashboard');
    await b.page({ type: CONNECT_WINDOW.ask, ask: newConnectAsk() });
    expect(b.posted).toEqual([]);
    b.at('/extension/connect');
    await expect(b.ask()).resolves.toMatchObject({ kind: 'sealed' });
  });

  it.each([
    ['a clear key (the old broadcast)', { type: 'cv:extension-token', token: TOKEN }],
    ['an ask without an id', { type: CONNECT_WINDOW.ask }],
    ['no data', null],
  ])('ignores %s', async (_label, data) => {
    const b = bridgeFor();
    await b.page(data);
    expect(b.posted).toEqual([]);
    expect(b.sent).toEqual([]);
  });
});
