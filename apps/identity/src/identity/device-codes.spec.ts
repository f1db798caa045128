import {
  DEVICE_CODE_PATTERN,
  USER_CODE_ALPHABET,
  formatUserCode,
  normalizeUserCode,
} from '@core-vault/contracts';
import { type DeviceAuthorization } from './device-authorization.schema';
import { MAX_INTERVAL_SECONDS, decidePoll, hashDeviceCode, newDeviceCode, newUserCode } from './device-codes';

const T0 = new Date('2026-12-07T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const auth = (
  over: Partial<Pick<DeviceAuthorization, 'status' | 'expiresAt' | 'interval' | 'lastPolledAt'>> = {},
) => ({ status: 'pending' as const, expiresAt: at(600), interval: 5, lastPolledAt: null, ...over });

describe('device codes', () => {
  it('makes a device code of the shape the log scrubber knows, and hashes it', () => {
    const code = newDeviceCode();
    expect(code).toMatch(DEVICE_CODE_PATTERN);
    expect(newDeviceCode()).not.toBe(code);
    expect(hashDeviceCode(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashDeviceCode(code)).not.toContain(code.slice(5));
  });

  it('makes 8-character user codes from the unambiguous alphabet only, shown as XXXX-XXXX', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const code = newUserCode();
      expect(code).toHaveLength(8);
      expect([...code].every((c) => USER_CODE_ALPHABET.includes(c))).toBe(true);
      seen.add(code);
    }
    // 500 draws from 20^8 codes: a repeat would mean the generator is broken.
    expect(seen.size).toBe(500);
    expect(USER_CODE_ALPHABET).not.toMatch(/[AEIOU01]/);
    expect(formatUserCode('BCDFGHJK')).toBe('BCDF-GHJK');
  });

  it('reads a typed code in any case, with dashes or spaces, and refuses anything else', () => {
    expect(normalizeUserCode('bcdf-ghjk')).toBe('BCDFGHJK');
    expect(normalizeUserCode(' BCDF GHJK ')).toBe('BCDFGHJK');
    expect(normalizeUserCode('BCDFGHJK')).toBe('BCDFGHJK');
    expect(normalizeUserCode('BCDF-GHJ')).toBeNull();
    expect(normalizeUserCode('BCDF-GHJKL')).toBeNull();
    expect(normalizeUserCode('ABCD-EFGH')).toBeNull();
    expect(normalizeUserCode('BCDF-GHJ0')).toBeNull();
    expect(normalizeUserCode('-'.repeat(40))).toBeNull();
  });
});

describe('a poll of a device sign-in', () => {
  it('is pending until answered, polled at the interval', () => {
    expect(decidePoll(auth(), at(1))).toEqual({ kind: 'authorization_pending' });
    expect(decidePoll(auth({ lastPolledAt: at(1) }), at(6))).toEqual({ kind: 'authorization_pending' });
  });

  it('says slow_down to a poll that comes too soon, with the interval raised by 5 (at most 60)', () => {
    expect(decidePoll(auth({ lastPolledAt: at(10) }), at(11))).toEqual({ kind: 'slow_down', interval: 10 });
    expect(decidePoll(auth({ interval: 10, lastPolledAt: at(10) }), at(16))).toEqual({
      kind: 'slow_down',
      interval: 15,
    });
    expect(decidePoll(auth({ interval: 60, lastPolledAt: at(10) }), at(11))).toEqual({
      kind: 'slow_down',
      interval: MAX_INTERVAL_SECONDS,
    });
  });

  it('allows a little clock difference between machines, not more', () => {
    expect(decidePoll(auth({ lastPolledAt: at(10) }), at(14.1)).kind).toBe('authorization_pending');
    expect(decidePoll(auth({ lastPolledAt: at(10) }), at(13.9)).kind).toBe('slow_down');
  });

  it('exchanges once approved, says access_denied once denied', () => {
    expect(decidePoll(auth({ status: 'approved', lastPolledAt: at(10) }), at(11))).toEqual({
      kind: 'exchange',
    });
    expect(decidePoll(auth({ status: 'denied' }), at(11))).toEqual({ kind: 'access_denied' });
  });

  it('says expired_token from the expiry on, whatever the answer was', () => {
    expect(decidePoll(auth(), at(600))).toEqual({ kind: 'expired_token' });
    expect(decidePoll(auth({ status: 'approved' }), at(601))).toEqual({ kind: 'expired_token' });
    expect(decidePoll(auth({ status: 'denied' }), at(601))).toEqual({ kind: 'expired_token' });
  });

  it('never hands out a second key: a spent code is invalid_grant', () => {
    expect(decidePoll(auth({ status: 'exchanged' }), at(20))).toEqual({ kind: 'invalid_grant' });
    expect(decidePoll(auth({ status: 'exchanging' }), at(20))).toEqual({ kind: 'invalid_grant' });
  });
});
