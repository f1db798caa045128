import { CoreVaultApiError } from '@core-vault/api-client';

// One error type for the public API's typed client and the SPA: the gateway's
// `{statusCode, code, message}` with its status and Retry-After, or status 0 for a network failure.
export {
  CoreVaultApiError as ApiError,
  NETWORK_ERROR_CODE,
  NETWORK_ERROR_MESSAGE,
  errorFromResponse,
} from '@core-vault/api-client';

/** The message to show for an error, with a fallback for anything that is not an ApiError. */
export function messageOf(err: unknown, fallback: string): string {
  if (err instanceof CoreVaultApiError) return err.message || fallback;
  return fallback;
}
