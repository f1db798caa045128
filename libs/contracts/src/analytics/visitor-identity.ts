/**
 * Who a "visitor" is, the same for the gateway (consented track-view) and analytics (the beacon):
 * docs/reference/analytics.md, "Counts you can trust". Pure string rules, browser-safe; each side hashes
 * the material under a random key of the UTC day that only Redis holds, so what is published
 * and stored is a daily pseudonym, never an address or a user id.
 */

/**
 * The part of a client address that names one subscriber: a whole IPv4 address (IPv4-mapped
 * IPv6 included), or the /64 network of an IPv6 address — one household or device is given a
 * whole /64 and picks addresses in it at will (privacy extensions rotate them daily or faster),
 * so the full IPv6 address would let one browser be many visitors. Anything unreadable is kept
 * as it is (it still names that one client).
 */
export function visitorAddress(ip: string): string {
  let a = ip.trim().toLowerCase();
  if (a.startsWith('[') && a.includes(']')) a = a.slice(1, a.indexOf(']'));
  const zone = a.indexOf('%');
  if (zone >= 0) a = a.slice(0, zone);
  if (!a.includes(':')) return a;
  const groups = ipv6Groups(a);
  if (!groups) return a;
  // ::ffff:192.0.2.1 (IPv4 on a dual-stack socket) is that IPv4 client.
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff') {
    const [hi, lo] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)];
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros; null when it is not one. */
function ipv6Groups(a: string): string[] | null {
  const halves = a.split('::');
  if (halves.length > 2) return null;
  const part = (s: string | undefined): string[] | null => {
    if (!s) return [];
    const out: string[] = [];
    for (const g of s.split(':')) {
      if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(g)) {
        // An embedded IPv4 tail is the last two groups.
        const [b0, b1, b2, b3] = g.split('.').map(Number) as [number, number, number, number];
        if (Math.max(b0, b1, b2, b3) > 255) return null;
        out.push(((b0 << 8) | b1).toString(16), ((b2 << 8) | b3).toString(16));
      } else if (/^[0-9a-f]{1,4}$/.test(g)) out.push(parseInt(g, 16).toString(16));
      else return null;
    }
    return out;
  };
  const head = part(halves[0]);
  const tail = part(halves[1]);
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...Array.from({ length: missing }, () => '0'), ...tail];
}

/**
 * What is hashed into one visitor of one artifact on one day. A signed-in viewer (the verified
 * token's subject, never a body field) is that account wherever they are; anyone else is their
 * address (visitorAddress). Client-chosen values — User-Agent, the SPA's session id — are not
 * part of it: changing them does not make someone new. The artifact is part of it, so one
 * visitor's pseudonyms for two artifacts have nothing in common.
 */
export function visitorMaterial(artifactId: string, ip: string, viewerId?: string | null): string {
  return viewerId
    ? `visitor:user\n${artifactId}\n${viewerId}`
    : `visitor:addr\n${artifactId}\n${visitorAddress(ip)}`;
}

/**
 * How many of `sent` views a visitor may still add when `after` is their count for the day
 * including these (the counter is incremented by all of them first): the ones within `limit`.
 */
export function viewsWithinCap(after: number, sent: number, limit: number): number {
  const before = after - sent;
  return Math.max(0, Math.min(sent, limit - before));
}
