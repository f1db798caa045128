import { hostname as osHostname } from 'node:os';
import { CoreVaultApiError, type CoreVaultClient } from '@core-vault/api-client';
import {
  DEVICE_HOSTNAME_MAX,
  DEVICE_POLL_ERRORS as E,
  DEFAULT_DEVICE_SCOPES,
  type DeviceCodeResponse,
  type DeviceTokenResponse,
  DEVICE_GRANT_TYPE,
  pollDeviceTokenRoute,
  requestDeviceCodeRoute,
} from '@core-vault/contracts';
import { CliError, EXIT, fromApiError } from './errors';

/** The CLI's client id at the vault (RFC 8628 §3.1). */
export const CLI_CLIENT_ID = 'corevault-cli';
/** RFC 8628 §3.5: without an interval, 5 s; after slow_down, 5 s more. */
const DEFAULT_INTERVAL_S = 5;
const SLOW_DOWN_STEP_S = 5;
/** A poll that got no answer (network, a restarting vault) is tried again this many times in a row. */
const MAX_FAILED_POLLS = 5;

type Env = Readonly<Record<string, string | undefined>>;

/** What waiting for approval needs: the poll call and a clock, real or a test's. */
export interface PollDeps {
  poll(deviceCode: string): Promise<DeviceTokenResponse>;
  sleep(ms: number): Promise<void>;
  now(): number;
}

/** The failures a poll ends with: one line for the person, exit 3 (no key came of it). */
const ENDINGS: Record<string, string> = {
  [E.denied]: 'The sign-in was denied in the browser. Run corevault login to try again.',
  [E.expired]: 'The code expired before it was approved. Run corevault login for a new one.',
  [E.invalidGrant]:
    'The vault no longer knows this sign-in (already used, or expired). Run corevault login again.',
};

/** The interval a slow_down answer asks for (`details.interval`), else the current one plus 5 s. */
function slowedInterval(err: CoreVaultApiError, current: number): number {
  const asked = (err.details as { interval?: unknown } | undefined)?.interval;
  return typeof asked === 'number' && Number.isInteger(asked) && asked > current && asked <= 300
    ? asked
    : current + SLOW_DOWN_STEP_S;
}

/** Whether a failed poll may be tried again: no answer, or the vault busy or restarting. */
const isPassing = (err: CoreVaultApiError) => err.isNetwork || err.status === 429 || err.status >= 500;

/**
 * Polls until the code is approved (the new key), denied or expired (a CliError): first after one
 * interval, then at the interval, which slow_down raises for good (RFC 8628 §3.5). A few failed
 * polls in a row (no answer, 429, 5xx) are waited out; more, or the code's lifetime, end it.
 */
export async function waitForApproval(
  code: DeviceCodeResponse,
  deps: PollDeps,
): Promise<DeviceTokenResponse> {
  let interval = code.interval > 0 ? code.interval : DEFAULT_INTERVAL_S;
  const deadline = deps.now() + code.expires_in * 1000;
  let failed = 0;
  for (;;) {
    await deps.sleep(interval * 1000);
    try {
      return await deps.poll(code.device_code);
    } catch (err) {
      if (!(err instanceof CoreVaultApiError)) throw err;
      const ending = ENDINGS[err.code];
      if (ending !== undefined) throw new CliError(ending, EXIT.auth, err.code);
      if (err.code === E.slowDown) interval = slowedInterval(err, interval);
      else if (err.code !== E.pending) {
        if (!isPassing(err) || ++failed >= MAX_FAILED_POLLS) throw fromApiError(err);
        if (err.retryAfterSeconds !== undefined) await deps.sleep(err.retryAfterSeconds * 1000);
        if (deps.now() >= deadline) throw new CliError(ENDINGS[E.expired] ?? '', EXIT.auth, E.expired);
        continue;
      }
      failed = 0;
    }
    if (deps.now() >= deadline) throw new CliError(ENDINGS[E.expired] ?? '', EXIT.auth, E.expired);
  }
}

/**
 * This machine's name as the /device page shows it: the characters the vault takes (letters,
 * digits, `.`, `-`, `_`), at most 64; undefined when nothing usable is left.
 */
export function deviceHostname(raw: string = osHostname()): string | undefined {
  let name = '';
  for (const c of raw) {
    if (name.length >= DEVICE_HOSTNAME_MAX) break;
    name += /[A-Za-z0-9._-]/.test(c) ? c : '-';
  }
  const start = name.search(/[A-Za-z0-9]/);
  return start < 0 ? undefined : name.slice(start);
}

/**
 * Whether to open the browser at the code's page: not when asked not to, not in CI, not on a
 * machine with no screen (Linux and other Unixes without DISPLAY or WAYLAND_DISPLAY, or a remote
 * shell): the address is printed either way.
 */
export function shouldOpenBrowser(env: Env, platform: string, noBrowser: boolean): boolean {
  if (noBrowser || env['CI']) return false;
  if (platform === 'darwin' || platform === 'win32') return !env['SSH_CONNECTION'];
  return Boolean(env['DISPLAY'] || env['WAYLAND_DISPLAY']);
}

export interface DeviceLoginIo {
  stderr: NodeJS.WritableStream;
  env: Env;
  openBrowser(url: string): void;
}

/**
 * `corevault login` without a key: asks the vault for a code, shows it with the page to approve
 * it on (and opens that page when there is a browser), waits for the answer, returns the new key.
 * Everything for the person goes to stderr, so stdout stays the command's answer (or its JSON).
 */
export async function deviceLogin(
  client: CoreVaultClient,
  io: DeviceLoginIo,
  options: { noBrowser: boolean; platform?: string; sleep?: (ms: number) => Promise<void> },
): Promise<DeviceTokenResponse> {
  const host = deviceHostname();
  const code = await client.call(requestDeviceCodeRoute, {
    body: {
      client_id: CLI_CLIENT_ID,
      scope: DEFAULT_DEVICE_SCOPES.join(' '),
      ...(host === undefined ? {} : { hostname: host }),
    },
  });
  const minutes = Math.max(1, Math.round(code.expires_in / 60));
  io.stderr.write(
    `To log in, open ${code.verification_uri} in a browser signed in to your vault and enter the code\n\n` +
      `    ${code.user_code}\n\n`,
  );
  if (shouldOpenBrowser(io.env, options.platform ?? process.platform, options.noBrowser)) {
    io.stderr.write(`Opening ${code.verification_uri_complete} in your browser…\n`);
    io.openBrowser(code.verification_uri_complete);
  }
  io.stderr.write(
    `Waiting for approval (the code expires in ${minutes} minute${minutes === 1 ? '' : 's'}; Ctrl-C to stop)…\n`,
  );
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return waitForApproval(code, {
    poll: (deviceCode) =>
      client.call(pollDeviceTokenRoute, {
        body: { grant_type: DEVICE_GRANT_TYPE, device_code: deviceCode, client_id: CLI_CLIENT_ID },
      }),
    sleep,
    now: () => Date.now(),
  });
}
