import {
  CONNECT_WINDOW,
  createSealedChannel,
  newConnectAsk,
  parseAsk,
  parseReady,
  parseSealed,
  parseSealedResult,
  sealForExtension,
} from './connect';

const TOKEN = `cvpat_${'A'.repeat(43)}`;
const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';

describe('the sealed channel', () => {
  it('opens what the page sealed for it, once', async () => {
    const end = await createSealedChannel();
    const sealed = await sealForExtension(end.channel, TOKEN);
    // What a listener on the window sees carries neither the key nor anything to open it with.
    expect(JSON.stringify([end.channel, sealed])).not.toContain(TOKEN);
    expect(parseSealed({ type: CONNECT_WINDOW.sealed, ...sealed })).toEqual(sealed);
    expect(await end.open(sealed)).toBe(TOKEN);
    // The nonce is spent: a replay is not opened again.
    expect(await end.open(sealed)).toBeNull();
  });

  it('opens nothing sealed for another nonce, another channel or tampered with', async () => {
    const end = await createSealedChannel();
    const other = await createSealedChannel();
    // Sealed for another channel but relabelled with this one's nonce.
    const forOther = await sealForExtension(other.channel, TOKEN);
    expect(await end.open({ ...forOther, nonce: end.channel.nonce })).toBeNull();

    const end2 = await createSealedChannel();
    const good = await sealForExtension(end2.channel, TOKEN);
    const flipped = good.ciphertext.startsWith('A')
      ? `B${good.ciphertext.slice(1)}`
      : `A${good.ciphertext.slice(1)}`;
    expect(await end2.open({ ...good, ciphertext: flipped })).toBeNull();
    // The failed attempt spent the nonce: the untampered message no longer opens either.
    expect(await end2.open(good)).toBeNull();

    const end3 = await createSealedChannel();
    expect(await end3.open(await sealForExtension(end2.channel, TOKEN))).toBeNull();
    // A message naming another nonce does not spend this one.
    expect(await end3.open(await sealForExtension(end3.channel, TOKEN))).toBe(TOKEN);
  });

  it('makes a new nonce and key pair for every channel', async () => {
    const [a, b] = await Promise.all([createSealedChannel(), createSealedChannel()]);
    expect(a.channel.nonce).not.toBe(b.channel.nonce);
    expect(a.channel.publicKey).not.toBe(b.channel.publicKey);
  });
});

describe('the window messages', () => {
  const ask = newConnectAsk();

  it('reads an ask and a ready answer of either channel', async () => {
    expect(parseAsk({ type: CONNECT_WINDOW.ask, ask })).toEqual({ ask });
    const runtime = { kind: 'runtime', extensionId: EXTENSION_ID };
    expect(parseReady({ type: CONNECT_WINDOW.ready, ask, version: '0.1.0', channel: runtime }, ask)).toEqual({
      ask,
      version: '0.1.0',
      channel: runtime,
    });
    const { channel } = await createSealedChannel();
    expect(parseReady({ type: CONNECT_WINDOW.ready, ask, version: '1.2', channel }, ask)?.channel).toEqual(
      channel,
    );
  });

  it.each([
    ['an answer to another ask', { type: CONNECT_WINDOW.ready, ask: newConnectAsk(), version: '1.0.0' }],
    [
      'a bad extension id',
      { type: CONNECT_WINDOW.ready, ask, version: '1.0.0', channel: { kind: 'runtime', extensionId: 'x' } },
    ],
    ['an unknown channel', { type: CONNECT_WINDOW.ready, ask, version: '1.0.0', channel: { kind: 'post' } }],
    [
      'a bad version',
      {
        type: CONNECT_WINDOW.ready,
        ask,
        version: '<b>',
        channel: { kind: 'runtime', extensionId: EXTENSION_ID },
      },
    ],
    ['another type', { type: CONNECT_WINDOW.ask, ask }],
    ['no data', null],
  ])('refuses %s as a ready answer', (_label, data) => {
    expect(parseReady(data, ask)).toBeNull();
  });

  it('reads a sealed result only for its nonce', () => {
    const nonce = 'n'.repeat(43);
    expect(parseSealedResult({ type: CONNECT_WINDOW.result, nonce, ok: true }, nonce)).toEqual({
      nonce,
      ok: true,
    });
    expect(parseSealedResult({ type: CONNECT_WINDOW.result, nonce, ok: false, error: 'no' }, nonce)).toEqual({
      nonce,
      ok: false,
      error: 'no',
    });
    expect(
      parseSealedResult({ type: CONNECT_WINDOW.result, nonce: 'm'.repeat(43), ok: true }, nonce),
    ).toBeNull();
    expect(parseSealedResult({ type: CONNECT_WINDOW.result, nonce }, nonce)).toBeNull();
  });

  it('refuses a sealed message of the wrong shape', () => {
    const base = {
      type: CONNECT_WINDOW.sealed,
      nonce: 'n'.repeat(43),
      publicKey: 'p'.repeat(87),
      iv: 'i'.repeat(16),
    };
    expect(parseSealed({ ...base, ciphertext: 'abc' })).not.toBeNull();
    expect(parseSealed({ ...base, ciphertext: 'a'.repeat(401) })).toBeNull();
    expect(parseSealed({ ...base, ciphertext: 'a+b' })).toBeNull();
    expect(parseSealed({ ...base, nonce: 'short', ciphertext: 'abc' })).toBeNull();
    // A clear key is never a sealed message.
    expect(parseSealed({ type: CONNECT_WINDOW.sealed, token: TOKEN })).toBeNull();
  });
});
