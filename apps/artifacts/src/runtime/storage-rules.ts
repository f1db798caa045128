import { RUNTIME_LIMITS as L, storageKeyProblem } from '@core-vault/contracts';
import { RuntimeException } from './runtime.exception';

/** The key as the route gave it, or a 400 naming the rule it breaks. */
export function checkedKey(key: string): string {
  const problem = storageKeyProblem(key);
  if (problem) throw RuntimeException.keyInvalid(problem);
  return key;
}

/** What a value costs its store: its UTF-8 bytes plus its key's (both are kept). */
export function entryBytes(key: string, value: string): number {
  return Buffer.byteLength(key, 'utf8') + Buffer.byteLength(value, 'utf8');
}

/** A 413 for a value over the per-key limit (UTF-8 bytes, as Claude counts them). */
export function checkValueSize(value: string): void {
  if (Buffer.byteLength(value, 'utf8') > L.valueMaxBytes) throw RuntimeException.valueTooLarge();
}

/**
 * Whether a store holding `used` bytes can take a write that grows it by `delta` (an overwrite
 * may shrink it: always allowed).
 */
export function fitsStore(used: number, delta: number): boolean {
  return delta <= 0 || used + delta <= L.storeMaxBytes;
}

/** Seconds until the next UTC midnight, when the daily AI counters start again (at least 1). */
export function secondsToUtcMidnight(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** The UTC day a daily counter belongs to (`2026-12-07`). */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);
