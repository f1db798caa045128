import { AsyncLocalStorage } from 'node:async_hooks';
import { holdsSecret } from './secrets';

export interface RequestContext {
  requestId: string;
  traceparent?: string;
}

/** Carries the request id through async calls so every log line of a request can name it. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Accepts a caller's request id only when it is short and plain, so it is safe to log and echo —
 * and not a credential (a key sent as the request id would be logged on every line, echoed and
 * passed on): such a request gets an id of its own.
 */
export function acceptRequestId(value: unknown): string | undefined {
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value) && !holdsSecret(value)
    ? value
    : undefined;
}
