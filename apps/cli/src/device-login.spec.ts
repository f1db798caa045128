import { CoreVaultApiError } from '@core-vault/api-client';
import {
  DEVICE_POLL_ERRORS as E,
  type DeviceCodeResponse,
  type DeviceTokenResponse,
} from '@core-vault/contracts';
import { CliError, EXIT } from './errors';
import { type PollDeps, deviceHostname, shouldOpenBrowser, waitForApproval } from './device-login';

const code: DeviceCodeResponse = {
  device_code: `cvdc_${'d'.repeat(43)}`,
  user_code: 'BCDF-GHJK',
  verification_uri: 'https://vault.test/device',
  verification_uri_complete: 'https://vault.test/device?code=BCDF-GHJK',
  expires_in: 600,
  interval: 5,
};
const granted: DeviceTokenResponse = {
  access_token: `cvpat_${'k'.repeat(43)}`,
  token_type: 'Bearer',
  scope: 'artifacts:read artifacts:write',
  name: 'corevault CLI on laptop',
};
const refusal = (errorCode: string, details?: unknown, status = 400, retryAfter?: number) =>
  new CoreVaultApiError(status, errorCode, `the vault says ${errorCode}`, retryAfter, details);

/** A fake clock and a scripted vault: each poll takes the next answer; sleeps move the clock. */
function script(answers: Array<DeviceTokenResponse | CoreVaultApiError>) {
  let clock = 0;
  const sleeps: number[] = [];
  const pollsAt: number[] = [];
  const deps: PollDeps = {
    now: () => clock,
    sleep: (ms) => {
      sleeps.push(ms);
      clock += ms;
      return Promise.resolve();
    },
    poll: (deviceCode) => {
      expect(deviceCode).toBe(code.device_code);
      pollsAt.push(clock);
      const next = answers.shift();
      if (next === undefined) throw new Error('polled more than scripted');
      return next instanceof CoreVaultApiError ? Promise.reject(next) : Promise.resolve(next);
    },
  };
  return { deps, sleeps, pollsAt };
}

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    return err as CliError;
  }
  throw new Error('expected a failure');
};

describe('waiting for the code to be approved', () => {
  it('polls after each interval until approved, and returns the key', async () => {
    const { deps, pollsAt } = script([refusal(E.pending), refusal(E.pending), granted]);
    await expect(waitForApproval(code, deps)).resolves.toEqual(granted);
    expect(pollsAt).toEqual([5_000, 10_000, 15_000]);
  });

  it('slows down for good on slow_down: to the interval the vault names, else 5 s more', async () => {
    const { deps, pollsAt } = script([
      refusal(E.slowDown, { interval: 12 }),
      refusal(E.pending),
      refusal(E.slowDown),
      granted,
    ]);
    await waitForApproval(code, deps);
    // 5 s, then 12 s twice (the second is answered slow_down without a number), then 17 s.
    expect(pollsAt).toEqual([5_000, 17_000, 29_000, 46_000]);
  });

  it('ignores an interval that would not slow it down', async () => {
    const { deps, pollsAt } = script([refusal(E.slowDown, { interval: 1 }), granted]);
    await waitForApproval(code, deps);
    expect(pollsAt).toEqual([5_000, 15_000]);
  });

  it.each([
    [E.denied, /denied in the browser/],
    [E.expired, /expired before it was approved/],
    [E.invalidGrant, /no longer knows this sign-in/],
  ])('stops at %s with exit 3 and says what to do', async (errorCode, message) => {
    const { deps } = script([refusal(E.pending), refusal(errorCode)]);
    const err = await failure(waitForApproval(code, deps));
    expect(err).toBeInstanceOf(CliError);
    expect(err).toMatchObject({ exitCode: EXIT.auth, code: errorCode });
    expect(err.message).toMatch(message);
  });

  it('gives up by itself when the code has expired, whatever the vault keeps saying', async () => {
    const { deps, pollsAt } = script(Array.from({ length: 20 }, () => refusal(E.pending)));
    const err = await failure(waitForApproval({ ...code, expires_in: 30 }, deps));
    expect(err).toMatchObject({ exitCode: EXIT.auth, code: E.expired });
    expect(pollsAt).toHaveLength(6);
  });

  it('waits out a few polls without an answer, not a refusal', async () => {
    const offline = () => new CoreVaultApiError(0, 'NETWORK_ERROR', 'Network error. Please try again.');
    const { deps, sleeps } = script([offline(), refusal('RATE_LIMITED', undefined, 429, 30), granted]);
    await expect(waitForApproval(code, deps)).resolves.toEqual(granted);
    expect(sleeps).toEqual([5_000, 5_000, 30_000, 5_000]);

    const broken = script([refusal('VALIDATION_FAILED', undefined, 400)]);
    await expect(failure(waitForApproval(code, broken.deps))).resolves.toMatchObject({
      exitCode: EXIT.failed,
    });
    const gone = script(Array.from({ length: 5 }, offline));
    await expect(failure(waitForApproval(code, gone.deps))).resolves.toMatchObject({
      exitCode: EXIT.failed,
      code: 'NETWORK_ERROR',
    });
  });
});

describe('the machine as the /device page names it', () => {
  it('keeps the characters the vault takes, at most 64', () => {
    expect(deviceHostname('laptop.local')).toBe('laptop.local');
    expect(deviceHostname('Jo’s MacBook Pro')).toBe('Jo-s-MacBook-Pro');
    expect(deviceHostname('-_-x')).toBe('x');
    expect(deviceHostname('h'.repeat(100))).toHaveLength(64);
    expect(deviceHostname('—')).toBeUndefined();
  });
});

describe('opening the browser', () => {
  it('opens it where there is a screen, never in CI or when asked not to', () => {
    expect(shouldOpenBrowser({ DISPLAY: ':0' }, 'linux', false)).toBe(true);
    expect(shouldOpenBrowser({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux', false)).toBe(true);
    expect(shouldOpenBrowser({}, 'linux', false)).toBe(false);
    expect(shouldOpenBrowser({}, 'darwin', false)).toBe(true);
    expect(shouldOpenBrowser({ SSH_CONNECTION: '1 2 3 4' }, 'darwin', false)).toBe(false);
    expect(shouldOpenBrowser({}, 'win32', false)).toBe(true);
    expect(shouldOpenBrowser({ DISPLAY: ':0', CI: 'true' }, 'linux', false)).toBe(false);
    expect(shouldOpenBrowser({ DISPLAY: ':0' }, 'linux', true)).toBe(false);
  });
});
