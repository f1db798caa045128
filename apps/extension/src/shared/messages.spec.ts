import {
  externalSenderAllowed,
  parseBackgroundRequest,
  parseExternalRequest,
  senderAllowed,
  MAX_ITEMS_PER_MESSAGE,
  type BackgroundRequest,
} from './messages';

const token = `cvpat_${'A'.repeat(43)}`;
const item = { key: 'k1', artifact: { title: 'T', type: 'HTML', content: '<p>x</p>' } };

describe('parseBackgroundRequest', () => {
  it('accepts the known requests with valid fields', () => {
    expect(parseBackgroundRequest({ type: 'status' })).toEqual({ type: 'status' });
    expect(parseBackgroundRequest({ type: 'save', items: [item] })).toEqual({ type: 'save', items: [item] });
    expect(parseBackgroundRequest({ type: 'handoff', items: [item] })).toEqual({
      type: 'handoff',
      items: [item],
    });
    expect(parseBackgroundRequest({ type: 'set-token', token: ` ${token} ` })).toEqual({
      type: 'set-token',
      token,
    });
    expect(parseBackgroundRequest({ type: 'set-token', token: `cvp_${'b'.repeat(43)}` })).not.toBeNull();
    expect(parseBackgroundRequest({ type: 'connect-token', token })).toEqual({
      type: 'connect-token',
      token,
    });
    expect(parseBackgroundRequest({ type: 'set-include-page-url', value: true })).toEqual({
      type: 'set-include-page-url',
      value: true,
    });
  });

  it.each([
    ['not an object', 'save'],
    ['unknown type', { type: 'eval', code: '1' }],
    ['no items', { type: 'save', items: [] }],
    [
      'too many items',
      { type: 'save', items: Array.from({ length: MAX_ITEMS_PER_MESSAGE + 1 }, () => item) },
    ],
    [
      'an item that is no create body',
      { type: 'save', items: [{ key: 'k', artifact: { title: 'T', type: 'HTML', content: ' ' } }] },
    ],
    [
      'an unknown field in the body',
      { type: 'save', items: [{ key: 'k', artifact: { ...item.artifact, owner: 'x' } }] },
    ],
    ['a key that is not a string', { type: 'handoff', items: [{ key: 1, artifact: item.artifact }] }],
    ['a malformed token', { type: 'set-token', token: 'cvpat_short' }],
    ['a legacy key from the connect page', { type: 'connect-token', token: `cvp_${'b'.repeat(43)}` }],
    ['a non-boolean setting', { type: 'set-include-page-url', value: 'yes' }],
  ])('refuses %s', (_label, value) => {
    expect(parseBackgroundRequest(value)).toBeNull();
  });
});

describe('senderAllowed', () => {
  const ctx = {
    extensionId: 'ext',
    extensionBaseUrl: 'chrome-extension://ext/',
    vaultOrigin: 'https://vault.test',
  };
  const connect = { type: 'connect-token', token } as const;
  const save: BackgroundRequest = { type: 'save', items: [] };

  it('takes a token only from the bridge in a vault tab at /extension/connect', () => {
    expect(
      senderAllowed(connect, { id: 'ext', url: 'https://vault.test/extension/connect', tab: {} }, ctx),
    ).toBe(true);
    expect(
      senderAllowed(connect, { id: 'ext', url: 'https://evil.test/extension/connect', tab: {} }, ctx),
    ).toBe(false);
    expect(senderAllowed(connect, { id: 'ext', url: 'https://vault.test/dashboard', tab: {} }, ctx)).toBe(
      false,
    );
    expect(
      senderAllowed(connect, { id: 'ext', url: 'https://vault.test:8443/extension/connect', tab: {} }, ctx),
    ).toBe(false);
    expect(
      senderAllowed(connect, { id: 'other', url: 'https://vault.test/extension/connect', tab: {} }, ctx),
    ).toBe(false);
  });

  it('takes every other request only from the extension pages', () => {
    expect(senderAllowed(save, { id: 'ext', url: 'chrome-extension://ext/popup.html?tab=3' }, ctx)).toBe(
      true,
    );
    expect(
      senderAllowed(save, { id: 'ext', url: 'https://vault.test/extension/connect', tab: {} }, ctx),
    ).toBe(false);
    expect(senderAllowed(save, { id: 'ext' }, ctx)).toBe(false);
  });
});

describe('messages from the connect page (Chromium, externally_connectable)', () => {
  const VAULT = 'https://vault.test';
  const page = { url: `${VAULT}/extension/connect`, origin: VAULT, tab: { id: 4 } };

  it('takes a hello and a connect-page key, nothing else', () => {
    expect(parseExternalRequest({ type: 'hello' })).toEqual({ type: 'hello' });
    expect(parseExternalRequest({ type: 'connect-token', token })).toEqual({ type: 'connect-token', token });
    expect(parseExternalRequest({ type: 'connect-token', token: `cvp_${'A'.repeat(43)}` })).toBeNull();
    expect(parseExternalRequest({ type: 'connect-token', token: ` ${token}` })).toBeNull();
    // What the extension's own pages may ask is not open to a web page.
    for (const type of ['status', 'save', 'handoff', 'send-queue', 'set-token', 'forget-token'])
      expect(parseExternalRequest({ type, token, items: [item] })).toBeNull();
    expect(parseExternalRequest(null)).toBeNull();
  });

  it('takes them only from a tab at the vault’s exact origin, on /extension/connect', () => {
    expect(externalSenderAllowed(page, VAULT)).toBe(true);
    expect(externalSenderAllowed({ ...page, url: `${VAULT}/extension/connect?x=1` }, VAULT)).toBe(true);
    expect(externalSenderAllowed({ url: page.url, tab: page.tab }, VAULT)).toBe(true);
    expect(externalSenderAllowed({ ...page, origin: 'https://evil.test' }, VAULT)).toBe(false);
    expect(externalSenderAllowed({ ...page, url: 'https://evil.test/extension/connect' }, VAULT)).toBe(false);
    expect(
      externalSenderAllowed(
        { url: 'https://vault.test:8443/extension/connect', origin: 'https://vault.test:8443', tab: {} },
        VAULT,
      ),
    ).toBe(false);
    expect(externalSenderAllowed({ ...page, url: `${VAULT}/dashboard` }, VAULT)).toBe(false);
    expect(externalSenderAllowed({ url: page.url, origin: VAULT }, VAULT)).toBe(false);
    // Another extension: its own page is the sender.
    expect(
      externalSenderAllowed(
        { id: 'other', url: 'chrome-extension://other/x.html', origin: 'chrome-extension://other' },
        VAULT,
      ),
    ).toBe(false);
    expect(externalSenderAllowed({ ...page, url: 'not a url' }, VAULT)).toBe(false);
  });
});
