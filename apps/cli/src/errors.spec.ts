import { CoreVaultApiError } from '@core-vault/api-client';
import { CliError, EXIT, toCliError } from './errors';

const api = (status: number, code: string, message = 'The vault says no.', retry?: number) =>
  new CoreVaultApiError(status, code, message, retry);

describe('what a failure means on the command line', () => {
  it('maps the vault refusals to exit codes, keeping its message', () => {
    expect(toCliError(api(401, 'INVALID_TOKEN', 'Key unknown.'))).toMatchObject({
      exitCode: EXIT.auth,
      code: 'INVALID_TOKEN',
      message: 'Key unknown. Run corevault login with a valid key.',
    });
    expect(toCliError(api(403, 'INSUFFICIENT_SCOPE', 'No scope.'))).toMatchObject({
      exitCode: EXIT.auth,
      message: expect.stringMatching(/^No scope\. .*artifacts:write to save/),
    });
    expect(toCliError(api(404, 'ARTIFACT_NOT_FOUND', 'Artifact not found'))).toMatchObject({
      exitCode: EXIT.notFound,
      message: 'Artifact not found',
    });
    expect(toCliError(api(400, 'VALIDATION_FAILED', 'Content is required.'))).toMatchObject({
      exitCode: EXIT.failed,
      code: 'VALIDATION_FAILED',
      message: 'Content is required.',
    });
    expect(toCliError(api(429, 'RATE_LIMITED', 'Too many requests.', 37)).message).toBe(
      'Too many requests. Try again in 37 s.',
    );
  });

  it('says when the vault did not answer, and keeps other failures readable', () => {
    expect(toCliError(api(0, 'NETWORK_ERROR', 'Network error.'))).toMatchObject({
      exitCode: EXIT.failed,
      message: expect.stringMatching(/^Could not reach the vault/),
    });
    expect(toCliError(new DOMException('timed out', 'TimeoutError'))).toMatchObject({ code: 'TIMEOUT' });
    const mine = new CliError('usage', EXIT.usage);
    expect(toCliError(mine)).toBe(mine);
    expect(toCliError(new Error('boom'))).toMatchObject({ exitCode: EXIT.failed, message: 'boom' });
  });
});
