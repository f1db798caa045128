/** Referrer buckets besides real domains. */
export const DIRECT = '(direct)';
export const OTHER = '(other)';
export const UNREADABLE = '(unknown)';
/** Distinct referrer domains kept per artifact (and per artifact and day in the visitor credits); the rest are (other). */
export const MAX_REFERRER_DOMAINS = 50;

/** The domain a view came from: the referring page, or the page embedding the artifact. */
export function referrerDomain(referrer: string | undefined): string {
  if (!referrer?.trim()) return DIRECT;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return UNREADABLE;
    return url.hostname.toLowerCase().replace(/^www\./, '') || UNREADABLE;
  } catch {
    return UNREADABLE;
  }
}

/** Domains are map keys in MongoDB: no '.' and no leading '$' in field names. */
export function encodeKey(domain: string): string {
  return domain.replace(/%/g, '%25').replace(/\./g, '%2E').replace(/\$/g, '%24');
}

export function decodeKey(key: string): string {
  return key.replace(/%2E/g, '.').replace(/%24/g, '$').replace(/%25/g, '%');
}

/**
 * The top list of referrers: domains by the visitors credited to them (each visitor once a day,
 * to the first referrer they came with: VisitorSets), most first, ties by name, at most `limit`.
 * (direct) is the visitor-days credited to no domain. Ranked by visitors, not views, a domain one
 * visitor reports cannot outrank one that several visitors came from.
 */
export function topReferrers(
  credited: ReadonlyMap<string, number>,
  visitorDays: number,
  limit: number,
): { domain: string; visitors: number }[] {
  let referred = 0;
  const rows: { domain: string; visitors: number }[] = [];
  for (const [domain, visitors] of credited) {
    referred += visitors;
    if (visitors > 0) rows.push({ domain, visitors });
  }
  // A replayed batch re-adds its visitors before crediting them: never below none.
  const direct = visitorDays - referred;
  if (direct > 0) rows.push({ domain: DIRECT, visitors: direct });
  return rows.sort((a, b) => b.visitors - a.visitors || a.domain.localeCompare(b.domain)).slice(0, limit);
}
