import { CoreVaultApiError } from '@core-vault/api-client';

/** The exit codes, as docs/guides/cli.md lists them. */
export const EXIT = {
  ok: 0,
  /** The vault refused the call or did not answer; the message says which. */
  failed: 1,
  /** The command line itself is wrong: an unknown command or option, a missing argument. */
  usage: 2,
  /** No key, or the vault refused it (unknown, revoked, expired) or its scope. */
  auth: 3,
  /** No such artifact or version (or not yours). */
  notFound: 4,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure with its message for people and its exit code. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.failed,
    /** The vault's error code, when the vault refused. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage, 'USAGE');

const AUTH_CODES = new Set(['UNAUTHENTICATED', 'INVALID_TOKEN', 'SESSION_EXPIRED', 'INSUFFICIENT_SCOPE']);

/** What a refusal of the API means here: the vault's message, a hint where one helps, the exit code. */
export function fromApiError(err: CoreVaultApiError): CliError {
  if (err.isNetwork)
    return new CliError(
      'Could not reach the vault. Check the address (corevault whoami) and your connection.',
      EXIT.failed,
      err.code,
    );
  if (err.code === 'INSUFFICIENT_SCOPE')
    return new CliError(
      `${err.message} This key cannot do that: make a key with the scope it needs (artifacts:read to read, artifacts:write to save) and run corevault login again.`,
      EXIT.auth,
      err.code,
    );
  if (err.status === 401 || AUTH_CODES.has(err.code))
    return new CliError(`${err.message} Run corevault login with a valid key.`, EXIT.auth, err.code);
  if (err.status === 404) return new CliError(err.message, EXIT.notFound, err.code);
  const retry = err.retryAfterSeconds === undefined ? '' : ` Try again in ${err.retryAfterSeconds} s.`;
  return new CliError(`${err.message}${retry}`, EXIT.failed, err.code);
}

/** Any failure as a CliError; an unexpected one keeps its message (there is no one else to tell). */
export function toCliError(err: unknown): CliError {
  if (err instanceof CliError) return err;
  if (err instanceof CoreVaultApiError) return fromApiError(err);
  // By name: a DOMException is no Error of this realm everywhere (Jest's sandbox, older runtimes).
  const name = (err as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new CliError('The vault did not answer in time. Please try again.', EXIT.failed, 'TIMEOUT');
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && ['ENOENT', 'EACCES', 'EISDIR', 'EPERM'].includes(code))
    return new CliError((err as Error).message, EXIT.failed, code);
  return new CliError(err instanceof Error ? err.message : String(err), EXIT.failed, 'INTERNAL_ERROR');
}
