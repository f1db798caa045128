import { JSDOM } from 'jsdom';
import {
  HANDOFF_MAX_AGE_MS,
  PENDING_UPLOADS_EVENT,
  PENDING_UPLOADS_KEY,
  writePendingUploadsInPage,
} from './handoff-page';

/**
 * Runs the function the way chrome.scripting.executeScript does: its source text, evaluated in
 * the page with JSON arguments — so a reference to anything outside it fails here too.
 */
function runInPage(dom: JSDOM, artifacts: unknown[], now: number): unknown {
  const args = [PENDING_UPLOADS_KEY, PENDING_UPLOADS_EVENT, HANDOFF_MAX_AGE_MS, artifacts, now].map((a) =>
    JSON.stringify(a),
  );
  return dom.window.eval(`(${writePendingUploadsInPage.toString()})(${args.join(',')})`);
}

const vault = () =>
  new JSDOM('<!doctype html><p>dashboard</p>', {
    url: 'https://vault.test/dashboard',
    runScripts: 'outside-only',
  });
const stored = (dom: JSDOM): unknown =>
  JSON.parse(dom.window.localStorage.getItem(PENDING_UPLOADS_KEY) ?? 'null');
const a = (n: number) => ({ title: `T${n}`, type: 'HTML', content: `c${n}` });

describe('writePendingUploadsInPage (runs in the vault tab)', () => {
  it('writes a new entry and tells the dashboard with the event', () => {
    const dom = vault();
    let events = 0;
    dom.window.addEventListener(PENDING_UPLOADS_EVENT, () => events++);
    expect(runInPage(dom, [a(1), a(2)], 1_000_000)).toBe(2);
    expect(stored(dom)).toEqual({ savedAt: 1_000_000, artifacts: [a(1), a(2)] });
    expect(events).toBe(1);
  });

  it('appends to a fresh entry the dashboard has not taken yet, and renews savedAt', () => {
    const dom = vault();
    dom.window.localStorage.setItem(
      PENDING_UPLOADS_KEY,
      JSON.stringify({ savedAt: 1_000_000, artifacts: [a(1)] }),
    );
    expect(runInPage(dom, [a(2)], 1_000_000 + HANDOFF_MAX_AGE_MS - 1)).toBe(2);
    expect(stored(dom)).toEqual({ savedAt: 1_000_000 + HANDOFF_MAX_AGE_MS - 1, artifacts: [a(1), a(2)] });
  });

  it('drops a stale (5 minutes or older) or unreadable entry instead of reviving it', () => {
    const dom = vault();
    dom.window.localStorage.setItem(
      PENDING_UPLOADS_KEY,
      JSON.stringify({ savedAt: 1_000_000, artifacts: [a(1)] }),
    );
    expect(runInPage(dom, [a(2)], 1_000_000 + HANDOFF_MAX_AGE_MS)).toBe(1);
    expect(stored(dom)).toEqual({ savedAt: 1_000_000 + HANDOFF_MAX_AGE_MS, artifacts: [a(2)] });

    dom.window.localStorage.setItem(PENDING_UPLOADS_KEY, '{not json');
    expect(runInPage(dom, [a(3)], 5)).toBe(1);
    dom.window.localStorage.setItem(PENDING_UPLOADS_KEY, JSON.stringify({ savedAt: 'x', artifacts: [a(1)] }));
    expect(runInPage(dom, [a(4)], 5)).toBe(1);
    expect(stored(dom)).toEqual({ savedAt: 5, artifacts: [a(4)] });
  });

  it('throws when the page cannot store (the extension then keeps its queue)', () => {
    const dom = vault();
    // Storage's own properties are items: replace the method on its prototype.
    dom.window.Storage.prototype.setItem = () => {
      throw new dom.window.DOMException('full', 'QuotaExceededError');
    };
    expect(() => runInPage(dom, [a(1)], 1)).toThrow('full');
  });
});
