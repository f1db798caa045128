import { type Locator } from 'playwright-core';
import { waitFor } from '@core-vault/platform/testing';

/** Small polling assertions over Playwright locators (playwright-core has no `expect`). */
const poll = <T>(probe: () => Promise<T>, accept: (v: T) => boolean, what: string, timeoutMs = 15_000) =>
  waitFor(probe, accept, { timeoutMs, intervalMs: 100, what });

const matches = (actual: string | null, expected: string | RegExp) =>
  actual !== null && (typeof expected === 'string' ? actual.trim() === expected : expected.test(actual));

export const ui = {
  text: (l: Locator, expected: string | RegExp) =>
    poll(
      () =>
        l
          .first()
          .textContent()
          .catch(() => null),
      (t) => matches(t, expected),
      `text ${String(expected)}`,
    ),
  contains: (l: Locator, part: string, timeoutMs?: number) =>
    poll(
      () =>
        l
          .first()
          .textContent()
          .catch(() => null),
      (t) => (t ?? '').includes(part),
      `text containing ${part}`,
      timeoutMs,
    ),
  value: (l: Locator, expected: string) =>
    poll(
      () => l.inputValue().catch(() => null),
      (v) => v === expected,
      `value ${expected}`,
    ),
  count: (l: Locator, n: number) =>
    poll(
      () => l.count(),
      (c) => c === n,
      `${n} elements`,
    ),
  /**
   * Waits for every match to go (a dialog closing after a save). Failing, it says what the first
   * one still showed: an error banner or a conflict reads there, not as a bare count.
   */
  gone: async (l: Locator) => {
    try {
      await poll(
        () => l.count(),
        (c) => c === 0,
        'none left',
      );
    } catch (err) {
      const shown = await l
        .first()
        .innerText()
        .catch(() => '');
      throw new Error(
        `${(err as Error).message}; it still shows: ${shown.replace(/\s+/g, ' ').slice(0, 600)}`,
      );
    }
  },
  visible: (l: Locator) => l.first().waitFor({ state: 'visible' }),
  disabled: (l: Locator) => poll(() => l.isDisabled(), Boolean, 'disabled'),
  enabled: (l: Locator) => poll(() => l.isEnabled(), Boolean, 'enabled'),
};
