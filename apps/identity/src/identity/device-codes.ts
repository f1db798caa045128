import { createHash, randomBytes, randomInt } from 'node:crypto';
import { DEVICE_CODE_PREFIX, USER_CODE_ALPHABET, USER_CODE_LENGTH } from '@core-vault/contracts';
import { type DeviceAuthorization } from './device-authorization.schema';

/** `cvdc_` + 32 random bytes (base64url): 256 bits, so a plain SHA-256 at rest suffices. */
export function newDeviceCode(): string {
  return `${DEVICE_CODE_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function hashDeviceCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** 8 characters drawn uniformly (randomInt: no modulo bias) from the user-code alphabet, canonical form. */
export function newUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

/** RFC 8628 §3.5: "the interval MUST be increased by 5 seconds for this and all subsequent requests". */
export const SLOW_DOWN_STEP_SECONDS = 5;
/** A device that keeps polling too fast is not slowed beyond this. */
export const MAX_INTERVAL_SECONDS = 60;
/**
 * Polls are measured between their arrivals here, and identity may run on several machines whose
 * clocks differ a little: a poll is too fast only when it comes more than a fifth of the interval
 * early. A client that waits the interval after each answer is never slowed down.
 */
const EARLY_ALLOWANCE = 0.2;

export type PollDecision =
  /** Spent (exchanged or being exchanged), or never answered by this service: RFC 6749 invalid_grant. */
  | { kind: 'invalid_grant' }
  | { kind: 'expired_token' }
  | { kind: 'access_denied' }
  /** Too soon after the last poll: the new interval (recorded, and answered to the device). */
  | { kind: 'slow_down'; interval: number }
  | { kind: 'authorization_pending' }
  /** Approved: mint the key. */
  | { kind: 'exchange' };

/** What a poll of this sign-in answers at `now`. Pure: the service records and acts on it. */
export function decidePoll(
  auth: Pick<DeviceAuthorization, 'status' | 'expiresAt' | 'interval' | 'lastPolledAt'>,
  now: Date,
): PollDecision {
  if (auth.status === 'exchanged' || auth.status === 'exchanging') return { kind: 'invalid_grant' };
  if (now.getTime() >= auth.expiresAt.getTime()) return { kind: 'expired_token' };
  if (auth.status === 'denied') return { kind: 'access_denied' };
  if (auth.status === 'approved') return { kind: 'exchange' };
  if (isTooSoon(auth, now))
    return {
      kind: 'slow_down',
      interval: Math.min(auth.interval + SLOW_DOWN_STEP_SECONDS, MAX_INTERVAL_SECONDS),
    };
  return { kind: 'authorization_pending' };
}

function isTooSoon(auth: Pick<DeviceAuthorization, 'interval' | 'lastPolledAt'>, now: Date): boolean {
  if (!auth.lastPolledAt) return false;
  const waited = now.getTime() - auth.lastPolledAt.getTime();
  return waited < auth.interval * 1000 * (1 - EARLY_ALLOWANCE);
}
