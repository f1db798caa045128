import { type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CoreVaultApiError } from '@core-vault/api-client';

/** What a refused call tells the assistant: the vault's code and message, and the HTTP status. */
export interface ToolErrorBody {
  code: string;
  message: string;
  /** The API's status; 0 when the vault did not answer at all. */
  status: number;
  retryAfterSeconds?: number;
}

/** A tool's answer: the JSON for programs (structuredContent) and the same JSON as text for models. */
export function toolResult(body: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(body, null, 2) }], structuredContent: body };
}

/**
 * Any failure of a tool as a tool result (`isError: true`), never a protocol error or an HTTP 5xx:
 * the model reads the vault's own message and code and can correct itself (a missing scope, a
 * title too long, an unknown id). Something other than a refusal of the API (no answer in time, a
 * bug) says so without leaking its details.
 */
export function toolError(err: unknown): CallToolResult {
  const error = errorBody(err);
  const retry = error.retryAfterSeconds === undefined ? '' : ` Retry after ${error.retryAfterSeconds} s.`;
  const status = error.status ? `HTTP ${error.status}, ` : '';
  return {
    isError: true,
    content: [{ type: 'text', text: `${error.message} (${status}${error.code}).${retry}` }],
    structuredContent: { error: { ...error } },
  };
}

export function errorBody(err: unknown): ToolErrorBody {
  if (err instanceof CoreVaultApiError)
    return {
      code: err.code,
      message: err.message,
      status: err.status,
      ...(err.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: err.retryAfterSeconds }),
    };
  // No answer in time (the client's signal), or a fault of this process: no internals in the answer.
  // By name: a DOMException is no Error of this realm everywhere (Jest's sandbox, older runtimes).
  const name = (err as { name?: unknown } | null)?.name;
  const timedOut = name === 'TimeoutError' || name === 'AbortError';
  return timedOut
    ? {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The vault did not answer in time. Please try again.',
        status: 0,
      }
    : { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred. Please try again.', status: 0 };
}
