import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@core-vault/contracts';

/** A uniformly random 6-digit code (leading zeros kept). */
export function newVerificationCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

/** 32 random bytes, base64url: refresh tokens. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Opaque, URL-safe ids (users, sessions). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}

/**
 * Keyed hashes of short secrets. A 6-digit code has only a million values, so a plain hash in a
 * leaked database would fall at once; with the server-side key it cannot be brute-forced offline.
 * `purpose` separates the domains (a sign-in code never verifies as a reset code).
 */
export class SecretHasher {
  constructor(private readonly key: string) {}

  hash(purpose: string, subject: string, value: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\0${subject}\0${value}`).digest('base64url');
  }

  matches(expected: string, actual: string): boolean {
    const a = Buffer.from(expected);
    const b = Buffer.from(actual);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
