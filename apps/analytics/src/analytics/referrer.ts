/** Referrer buckets besides real domains. */
export const DIRECT = '(direct)';
export const OTHER = '(other)';
export const UNREADABLE = '(unknown)';
/** Distinct referrer domains kept per artifact; the rest are counted as (other). */
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
