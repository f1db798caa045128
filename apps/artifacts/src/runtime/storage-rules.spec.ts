import { RUNTIME_LIMITS, RUNTIME_MESSAGES as M } from '@core-vault/contracts';
import { RuntimeException } from './runtime.exception';
import {
  checkValueSize,
  checkedKey,
  entryBytes,
  fitsStore,
  secondsToUtcMidnight,
  utcDay,
} from './storage-rules';

const refusal = (fn: () => unknown): [number, string, string] | null => {
  try {
    fn();
  } catch (err) {
    if (err instanceof RuntimeException) return [err.getStatus(), err.code, err.message];
    throw err;
  }
  return null;
};

describe('storage key rules (Claude’s)', () => {
  it('takes 1–199 characters without whitespace or / \\ \' " `', () => {
    for (const key of ['a', 'k'.repeat(199), 'votes:2026-12-07', 'émoji-🙂', 'a.b_c|d'])
      expect(checkedKey(key)).toBe(key);
  });

  it.each([
    ['', M.keyEmpty],
    ['k'.repeat(200), M.keyTooLong],
    ['a b', M.keyWhitespace],
    ['a\tb', M.keyWhitespace],
    ['a\u00a0b', M.keyWhitespace],
    ['a/b', M.keyForbidden],
    ['a\\b', M.keyForbidden],
    ["a'b", M.keyForbidden],
    ['a"b', M.keyForbidden],
    ['a`b', M.keyForbidden],
  ])('refuses %j with 400 STORAGE_KEY_INVALID naming the rule', (key, message) => {
    expect(refusal(() => checkedKey(key))).toEqual([400, 'STORAGE_KEY_INVALID', message]);
  });
});

describe('storage sizes', () => {
  it('counts UTF-8 bytes of key and value', () => {
    expect(entryBytes('k', 'abc')).toBe(4);
    expect(entryBytes('é', '🙂')).toBe(2 + 4);
  });

  it('takes a value of exactly 5 MB and refuses one byte more (413), multi-byte counted as bytes', () => {
    expect(refusal(() => checkValueSize('x'.repeat(RUNTIME_LIMITS.valueMaxBytes)))).toBeNull();
    expect(refusal(() => checkValueSize('x'.repeat(RUNTIME_LIMITS.valueMaxBytes + 1)))).toEqual([
      413,
      'STORAGE_VALUE_TOO_LARGE',
      M.valueTooLarge,
    ]);
    expect(refusal(() => checkValueSize('é'.repeat(RUNTIME_LIMITS.valueMaxBytes / 2 + 1)))?.[1]).toBe(
      'STORAGE_VALUE_TOO_LARGE',
    );
  });

  it('lets a store grow to 20 MB exactly, never past it; shrinking always fits', () => {
    const cap = RUNTIME_LIMITS.storeMaxBytes;
    expect(fitsStore(cap - 10, 10)).toBe(true);
    expect(fitsStore(cap - 10, 11)).toBe(false);
    expect(fitsStore(cap + 5, -1)).toBe(true);
    expect(fitsStore(cap, 0)).toBe(true);
  });
});

describe('daily counters', () => {
  it('belong to the UTC day and reset at the next UTC midnight', () => {
    const now = new Date('2026-12-07T23:59:30.000Z');
    expect(utcDay(now)).toBe('2026-12-07');
    expect(secondsToUtcMidnight(now)).toBe(30);
    expect(secondsToUtcMidnight(new Date('2026-12-07T00:00:00.000Z'))).toBe(86_400);
  });
});
