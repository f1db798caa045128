import { Client, errors } from '@opensearch-project/opensearch';

export const OPENSEARCH = Symbol('OPENSEARCH');

/**
 * Longest a search request waits: past it the caller is answered 503 and can retry, rather than
 * holding the request while the engine is away.
 */
export const SEARCH_REQUEST_TIMEOUT_MS = 3_000;

/**
 * One client per process (it keeps its own keep-alive connection pool). A cluster with basic
 * authentication takes its credentials in the URL (`https://user:password@host`, percent-encoded;
 * the chart then reads OPENSEARCH_URL from the app's Secret): the client sends them as an
 * Authorization header and keeps them out of its connection ids and errors.
 */
export function createOpenSearchClient(url: string): Client {
  return new Client({ node: url, requestTimeout: SEARCH_REQUEST_TIMEOUT_MS, maxRetries: 1 });
}

/** The engine's URL fit for a log line or a terminal: any credentials in it replaced. */
export function engineForDisplay(url: string): string {
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return parsed.origin + parsed.pathname.replace(/\/$/, '');
  parsed.username = '***';
  parsed.password = '';
  return parsed.href.replace(/\/$/, '');
}

/**
 * The engine is away or the index is not there yet (being created at boot, or dropped): nothing
 * the request or event did wrong, a moment to wait. Other refusals are bugs and stay errors.
 */
export function isSearchUnavailable(err: unknown): boolean {
  if (err instanceof Error && err.name === 'SearchIndexMissing') return true;
  if (
    err instanceof errors.ConnectionError ||
    err instanceof errors.TimeoutError ||
    err instanceof errors.NoLivingConnectionsError
  )
    return true;
  if (!(err instanceof errors.ResponseError)) return false;
  const status = err.statusCode ?? 0;
  return status >= 500 || (status === 404 && /index_not_found/.test(JSON.stringify(err.body ?? '')));
}

/** A refusal by the engine with this status (e.g. 409 for an older external version). */
export function hasStatus(err: unknown, status: number): boolean {
  return err instanceof errors.ResponseError && err.statusCode === status;
}
