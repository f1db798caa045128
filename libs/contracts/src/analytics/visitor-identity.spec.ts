import { trackViewsBodySchema } from './analytics-dto';
import { visitorAddress, visitorMaterial, viewsWithinCap } from './visitor-identity';

describe('visitorAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    // An IPv4 client on a dual-stack socket is that IPv4 client.
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
    // IPv6: the /64 a subscriber is given, however the address is written.
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['[2001:db8:1:2::9]', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::198.51.100.1', '64:ff9b:0:0::/64'],
    // Unreadable: kept as it is, still one client.
    ['unknown', 'unknown'],
    ['1:2:3', '1:2:3'],
    ['1::2::3', '1::2::3'],
  ])('%s → %s', (ip, address) => {
    expect(visitorAddress(ip)).toBe(address);
  });

  it('gives every address of one /64 the same visitor, another /64 another', () => {
    const a = visitorAddress('2001:db8:aa:bb:1111:2222:3333:4444');
    expect(visitorAddress('2001:db8:aa:bb:9999::1')).toBe(a);
    expect(visitorAddress('2001:db8:aa:bc::1')).not.toBe(a);
  });
});

describe('visitorMaterial', () => {
  it('is the address for anonymous visitors, whatever they claim to be', () => {
    expect(visitorMaterial('art', '203.0.113.7')).toBe(visitorMaterial('art', '::ffff:203.0.113.7'));
    expect(visitorMaterial('art', '2001:db8:1:2::a')).toBe(visitorMaterial('art', '2001:db8:1:2::b'));
    expect(visitorMaterial('art', '203.0.113.7')).not.toBe(visitorMaterial('art', '203.0.113.8'));
  });

  it('is the account for a signed-in viewer, on any network, and never mixes the two', () => {
    expect(visitorMaterial('art', '203.0.113.7', 'u1')).toBe(visitorMaterial('art', '198.51.100.1', 'u1'));
    expect(visitorMaterial('art', '203.0.113.7', 'u1')).not.toBe(visitorMaterial('art', '203.0.113.7', 'u2'));
    expect(visitorMaterial('art', '203.0.113.7', 'u1')).not.toBe(visitorMaterial('art', '203.0.113.7'));
    // A user id that looks like an address is still not that address's visitor.
    expect(visitorMaterial('art', '203.0.113.7', '203.0.113.7')).not.toBe(
      visitorMaterial('art', '203.0.113.7'),
    );
  });

  it('is another visitor on another artifact', () => {
    expect(visitorMaterial('a1', '203.0.113.7')).not.toBe(visitorMaterial('a2', '203.0.113.7'));
  });
});

describe('viewsWithinCap', () => {
  it.each([
    // after, sent, limit → counted
    [1, 1, 20, 1],
    [20, 1, 20, 1],
    [21, 1, 20, 0],
    [100, 100, 20, 20],
    [25, 10, 20, 5],
    [40, 10, 20, 0],
  ])('a visitor at %i after sending %i (limit %i) adds %i', (after, sent, limit, counted) => {
    expect(viewsWithinCap(after, sent, limit)).toBe(counted);
  });
});

describe('trackViewsBodySchema', () => {
  const view = { id: 'abcdefgh', artifactId: 'a', viewedAt: new Date().toISOString(), userAgent: 'x' };
  it('refuses more than the ceiling with a message naming the limit (the gateway applies its smaller one)', () => {
    const res = trackViewsBodySchema.safeParse({ events: Array.from({ length: 101 }, () => view) });
    expect(res.success).toBe(false);
    expect(JSON.stringify(res.error?.issues)).toContain('events must hold at most 100 views');
    expect(trackViewsBodySchema.safeParse({ events: Array.from({ length: 100 }, () => view) }).success).toBe(
      true,
    );
  });
});
