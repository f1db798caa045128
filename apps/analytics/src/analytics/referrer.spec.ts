import { DIRECT, UNREADABLE, decodeKey, encodeKey, referrerDomain } from './referrer';

describe('referrer domain', () => {
  it.each([
    [undefined, DIRECT],
    ['', DIRECT],
    ['https://www.Example.com/page?q=1', 'example.com'],
    ['http://blog.example.org:8080/x', 'blog.example.org'],
    ['javascript:alert(1)', UNREADABLE],
    ['not a url', UNREADABLE],
  ])('%s → %s', (input, domain) => {
    expect(referrerDomain(input)).toBe(domain);
  });

  it('round-trips domains through field-name-safe keys', () => {
    for (const d of ['a.b.c', '$weird%2E.host', '(direct)']) {
      const key = encodeKey(d);
      expect(key).not.toContain('.');
      expect(key.startsWith('$')).toBe(false);
      expect(decodeKey(key)).toBe(d);
    }
  });
});
