/**
 * The ready-to-send public read of an artifact, as the artifacts service stores it in Redis.
 * The artifacts service is its only writer and invalidator; the gateway reads it to answer
 * anonymous views without a hop (an edge cache). One definition here keeps the two in step.
 */
export interface CachedPublicRead {
  etag: string;
  owner: string;
  body: string;
}

/** The entry of the unpinned read, or of the read pinned to content version `version` (`?v=N`). */
export const publicArtifactCacheKey = (id: string, version?: number): string =>
  version === undefined ? `artifacts:public:${id}` : `artifacts:public:${id}@v${version}`;

/**
 * The version a read is pinned to by its query string (`v=N`): undefined when there is none,
 * null when `v` is there but not a positive whole number (the service answers that with 400).
 */
export function pinnedVersion(query: string): number | null | undefined {
  const raw = new URLSearchParams(query).getAll('v');
  if (raw.length === 0) return undefined;
  return raw.length === 1 && /^[1-9][0-9]{0,14}$/.test(raw[0] ?? '') ? Number(raw[0]) : null;
}

export function encodeCachedRead(read: CachedPublicRead): string {
  return `${read.etag}\n${read.owner}\n${read.body}`;
}

export function decodeCachedRead(raw: string): CachedPublicRead | null {
  const first = raw.indexOf('\n');
  const second = raw.indexOf('\n', first + 1);
  if (first < 0 || second < 0) return null;
  return { etag: raw.slice(0, first), owner: raw.slice(first + 1, second), body: raw.slice(second + 1) };
}

/** If-None-Match holds this strong ETag (or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === '*' || t === etag || t === `W/${etag}`);
}

/**
 * How long a shared cache (a CDN in front of the gateway) may serve a public read without asking:
 * repeat views of a popular artifact cost the origin one conditional request (a 304) per 10 s,
 * and an edit, a switch to private or a deletion reaches such caches within those 10 s.
 */
export const PUBLIC_READ_SHARED_MAX_AGE_SECONDS = 10;

/**
 * Public reads may be stored by any cache: browsers keep them `maxAgeSeconds` (0 by default:
 * every view revalidates, which the ETag makes a bodiless 304), shared caches at least
 * PUBLIC_READ_SHARED_MAX_AGE_SECONDS; after that both must revalidate.
 */
export const publicReadCacheControl = (maxAgeSeconds: number): string =>
  `public, max-age=${maxAgeSeconds}, s-maxage=${Math.max(maxAgeSeconds, PUBLIC_READ_SHARED_MAX_AGE_SECONDS)}, must-revalidate`;
