import { JSDOM } from 'jsdom';
import { tokenFromMessage, TOKEN_MESSAGE } from './bridge-protocol';

const VAULT = 'https://vault.test';
const token = `cvpat_${'x'.repeat(43)}`;

describe('tokenFromMessage', () => {
  const { window } = new JSDOM('', { url: `${VAULT}/extension/connect` });
  const msg = (over: Partial<{ source: unknown; origin: string; data: unknown }> = {}) => ({
    source: window,
    origin: VAULT,
    data: { type: TOKEN_MESSAGE, token, email: 'a@b.test' },
    ...over,
  });

  it('takes the key the connect page posted to itself', () => {
    expect(tokenFromMessage(msg(), window, VAULT)).toBe(token);
  });

  it.each([
    ['another window (a frame, an opener)', msg({ source: {} })],
    ['another origin', msg({ origin: 'https://evil.test' })],
    ['another port of the vault host', msg({ origin: 'https://vault.test:8443' })],
    ['another message type', msg({ data: { type: 'cv:other', token } })],
    ['a malformed key', msg({ data: { type: TOKEN_MESSAGE, token: `${token}!` } })],
    ['a legacy key', msg({ data: { type: TOKEN_MESSAGE, token: `cvp_${'x'.repeat(43)}` } })],
    ['no data', msg({ data: null })],
  ])('ignores a message from %s', (_label, event) => {
    expect(tokenFromMessage(event, window, VAULT)).toBeNull();
  });
});
