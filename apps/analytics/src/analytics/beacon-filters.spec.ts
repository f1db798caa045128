import { visitorMaterial } from '@core-vault/contracts';
import { clientIp, referrerOrigin, skipReason, visitorHash } from './beacon-filters';

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const facts = (over: Partial<Parameters<typeof skipReason>[0]> = {}) => ({
  userAgent: chrome,
  secPurpose: undefined,
  purpose: undefined,
  xMoz: undefined,
  ...over,
});

describe('skipReason', () => {
  it('counts a browser', () => {
    expect(skipReason(facts())).toBeNull();
    expect(skipReason(facts({ secPurpose: '' }))).toBeNull();
  });

  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'curl/8.5.0',
    'python-requests/2.31.0',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  ])('ignores the bot %s', (userAgent) => {
    expect(skipReason(facts({ userAgent }))).toBe('bot');
  });

  it('ignores a client without a User-Agent (every browser sends one)', () => {
    expect(skipReason(facts({ userAgent: undefined }))).toBe('bot');
    expect(skipReason(facts({ userAgent: '  ' }))).toBe('bot');
  });

  it.each([
    [{ secPurpose: 'prefetch' }],
    [{ secPurpose: 'prefetch;prerender' }],
    [{ secPurpose: 'Prefetch; anonymous-client-ip' }],
    [{ purpose: 'prefetch' }],
    [{ xMoz: 'prefetch' }],
  ])('ignores a prefetch or prerender %o', (over) => {
    expect(skipReason(facts(over))).toBe('prefetch');
  });
});

describe('visitorHash', () => {
  const day1 = 'salt-of-2026-11-24-xxxxxxxxxxxx';
  const day2 = 'salt-of-2026-11-25-yyyyyyyyyyyy';
  const of = (salt: string, ip: string, artifactId = 'art-1', viewerId?: string) =>
    visitorHash(salt, visitorMaterial(artifactId, ip, viewerId));

  it('is the same for one visitor of one artifact on one day, and holds no part of the address', () => {
    const h = of(day1, '203.0.113.7');
    expect(h).toBe(of(day1, '203.0.113.7'));
    expect(h).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(h).not.toContain('203');
  });

  it('differs the next day (new salt), for another artifact or address', () => {
    const h = of(day1, '203.0.113.7');
    expect(of(day2, '203.0.113.7')).not.toBe(h);
    expect(of(day1, '203.0.113.7', 'art-2')).not.toBe(h);
    expect(of(day1, '203.0.113.8')).not.toBe(h);
  });

  it('is one visitor per IPv6 /64 and per signed-in account, whatever the User-Agent says', () => {
    // The User-Agent is not an input at all: eight browsers on one address are one visitor.
    expect(of(day1, '2001:db8:5:6::1')).toBe(of(day1, '2001:db8:5:6:aaaa::2'));
    expect(of(day1, '203.0.113.7', 'art-1', 'u1')).toBe(of(day1, '198.51.100.9', 'art-1', 'u1'));
    expect(of(day1, '203.0.113.7', 'art-1', 'u1')).not.toBe(of(day1, '203.0.113.7'));
  });
});

describe('referrerOrigin', () => {
  it('keeps the origin only: no path, query or fragment', () => {
    expect(referrerOrigin('https://blog.example.com/2026/post?utm=x&email=a@b.c#top')).toBe(
      'https://blog.example.com',
    );
    expect(referrerOrigin('http://127.0.0.1:8080/page')).toBe('http://127.0.0.1:8080');
  });

  it.each([undefined, '', 'not a url', 'javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd'])(
    'drops %p',
    (referrer) => {
      expect(referrerOrigin(referrer)).toBeUndefined();
    },
  );
});

describe('clientIp', () => {
  it("takes the gateway's X-Forwarded-For, else the peer", () => {
    expect(clientIp('203.0.113.7', '10.0.0.2')).toBe('203.0.113.7');
    expect(clientIp('203.0.113.7, 10.0.0.1', '10.0.0.2')).toBe('203.0.113.7');
    expect(clientIp(['198.51.100.1'], '10.0.0.2')).toBe('198.51.100.1');
    expect(clientIp(undefined, '10.0.0.2')).toBe('10.0.0.2');
    expect(clientIp('', undefined)).toBe('');
  });
});
