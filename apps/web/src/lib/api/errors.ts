import { errorBodySchema } from '@core-vault/contracts';

/** The spec's catalogue text for any fetch failure. */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';

/** A failed call: the gateway's `{statusCode, code, message}`, or a network failure (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

/** Reads an error answer; anything that is not the gateway's error shape says its status. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON (a proxy page, an empty body): fall through to the status text
  }
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { statusCode, code, message, details } = parsed.data;
    return new ApiError(statusCode || res.status, code, message, details);
  }
  return new ApiError(res.status, 'HTTP_ERROR', `HTTP error! status: ${res.status}`);
}

/** The message to show for an error, with a fallback for anything that is not an ApiError. */
export function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.message || fallback;
  return fallback;
}
