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

/** Public reads may be stored by any cache but must revalidate after `maxAgeSeconds`. */
export const publicReadCacheControl = (maxAgeSeconds: number): string =>
  `public, max-age=${maxAgeSeconds}, must-revalidate`;
