import { DIRECT, UNREADABLE, decodeKey, encodeKey, referrerDomain, topReferrers } from './referrer';

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

describe('topReferrers', () => {
  it('ranks by visitors, so nine domains one visitor reported never outrank one that several came from', () => {
    // The spammer is one visitor: credited once a day, to the first of their nine domains.
    const credited = new Map([
      ['spam1.example', 1],
      ['real.example', 3],
    ]);
    expect(topReferrers(credited, 4, 10)).toEqual([
      { domain: 'real.example', visitors: 3 },
      { domain: 'spam1.example', visitors: 1 },
    ]);
  });

  it('shows the visitors credited to no site as (direct), drops empty rows and keeps the top `limit`', () => {
    const credited = new Map([
      ['b.example', 2],
      ['a.example', 2],
      ['gone.example', 0],
      ['c.example', 1],
    ]);
    expect(topReferrers(credited, 8, 3)).toEqual([
      { domain: DIRECT, visitors: 3 },
      { domain: 'a.example', visitors: 2 },
      { domain: 'b.example', visitors: 2 },
    ]);
    // Never a negative (direct): credits counted before their visitors were re-added.
    expect(topReferrers(credited, 2, 10).some((r) => r.domain === DIRECT)).toBe(false);
    expect(topReferrers(new Map(), 0, 10)).toEqual([]);
  });
});
