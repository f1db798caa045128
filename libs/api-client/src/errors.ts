import { errorBodySchema } from '@core-vault/contracts';

/** The code of a call that never got an answer (offline, DNS, refused, CORS). */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
/** The spec's catalogue text for any fetch failure (the SPA shows the same). */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';

/**
 * A failed call: the gateway's `{statusCode, code, message}` with its status, or status 0 and
 * code NETWORK_ERROR when no answer came. A 429 (or 503) carries the Retry-After it was sent.
 */
export class CoreVaultApiError extends Error {
  override readonly name = 'CoreVaultApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
    readonly details?: unknown,
  ) {
    super(message);
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

/**
 * Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3); both become seconds
 * from `now`, never negative. Anything else is ignored rather than guessed.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Reads an error answer; a body that is not the gateway's error shape still says its status. */
export async function errorFromResponse(res: Response): Promise<CoreVaultApiError> {
  const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON (a proxy's HTML page, an empty body): the status alone describes it
  }
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { statusCode, code, message, details } = parsed.data;
    return new CoreVaultApiError(statusCode || res.status, code, message, retryAfter, details);
  }
  return new CoreVaultApiError(res.status, 'HTTP_ERROR', `HTTP error! status: ${res.status}`, retryAfter);
}
