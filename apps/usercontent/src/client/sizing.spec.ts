import { PROBE, PROBE_TIMEOUT_MS, type Report, SizingClassifier } from './sizing';

/**
 * Plays the app against the classifier: the frame takes every content-mode height reported
 * (as ArtifactFrame does) and goes back to its default height (`start`) in viewport mode. `page(v)` is the content
 * height the document lays out at frame height v.
 */
function play(page: (v: number, step: number) => number, start = 700, steps = 40) {
  const c = new SizingClassifier();
  let v = start;
  let now = 0;
  const reports: Report[] = [];
  for (let step = 0; step < steps; step++) {
    now += 16;
    const r = c.sample({ v, c: page(v, step) }, now);
    if (!r) continue;
    reports.push(r);
    if (r.mode === 'viewport') v = start;
    else if (r.height > 0) v = Math.min(r.height, 20_000);
  }
  return { mode: c.mode, v, reports, final: reports.at(-1) };
}

describe('SizingClassifier', () => {
  it.each<[string, (v: number) => number, number]>([
    ['a long page', () => 2400, 2400],
    ['a short page', () => 120, 120],
    ['a page exactly as tall as the first frame', () => 700, 700],
    ['min-height: 100vh with content taller than the frame', (v) => Math.max(1900, v), 1900],
  ])('sizes %s to its content', (_, page, height) => {
    const { mode, v, reports } = play(page);
    expect(mode).toBe('content');
    expect(Math.abs(v - height)).toBeLessThanOrEqual(2);
    expect(reports.length).toBeLessThan(12);
  });

  it.each<[string, (v: number) => number]>([
    ['height: 100vh (a canvas app)', (v) => v],
    ['position: fixed; inset: 0 (the fixed layer counts as tall as the window)', (v) => v],
    ['min-height: 100vh, a centred card', (v) => Math.max(320, v)],
    ['min-height: calc(100vh + 20px)', (v) => v + 20],
    ['height: 100vh; padding: 20px; body margin 8px', (v) => v + 56],
    ['height: 200vh', (v) => 2 * v],
    ['a 50vh hero and 300px of text', (v) => Math.ceil(v / 2) + 300],
    ['an aspect-video card capped at 80vh (max-h-[80vh])', (v) => Math.min(697, Math.ceil(0.8 * v)) + 32],
    ['an 80vh card', (v) => Math.ceil(0.8 * v)],
  ])('finds %s viewport-sized, without a runaway', (_, page) => {
    const { mode, v, reports } = play(page);
    expect(mode).toBe('viewport');
    expect(v).toBe(700);
    expect(reports.length).toBeLessThan(6);
    expect(reports.at(-1)?.mode).toBe('viewport');
  });

  it('follows content that grows later, and stays content-sized', () => {
    const { mode, v } = play((_, step) => (step < 10 ? 300 : step < 20 ? 300 + (step - 9) * 40 : 700));
    expect(mode).toBe('content');
    expect(v).toBe(700);
  });

  it('probes only once per content height, a few px shorter', () => {
    const c = new SizingClassifier();
    expect(c.sample({ v: 500, c: 500 }, 0)).toEqual({ height: 500 - PROBE, mode: 'content' });
    expect(c.sample({ v: 500, c: 500 }, 10)).toBeNull(); // the app has not applied it yet
    expect(c.sample({ v: 500 - PROBE, c: 500 }, 20)).toEqual({ height: 500, mode: 'content' });
    expect(c.sample({ v: 500, c: 500 }, 30)).toBeNull();
    expect(c.probing).toBe(false);
  });

  it('gives up a probe the app does not apply (a hidden frame)', () => {
    const c = new SizingClassifier();
    c.sample({ v: 300, c: 300 }, 0);
    expect(c.probing).toBe(true);
    expect(c.sample({ v: 0, c: 0 }, 10)).toBeNull();
    expect(c.sample({ v: 300, c: 300 }, PROBE_TIMEOUT_MS + 1)).toEqual({ height: 300, mode: 'content' });
    expect(c.mode).toBe('content');
  });

  it('stops a feedback loop it cannot see (a debounced resize handler)', () => {
    // The page grows 10px a while after each resize: a probe sees nothing, the growth rate does.
    let grown = 0;
    const { mode } = play(() => 400 + (grown += 10), 400, 200);
    expect(mode).toBe('viewport');
  });

  describe('before the document settled (load, first render, SETTLE_MS)', () => {
    it('does not shrink the frame to the loading state, then does', () => {
      const c = new SizingClassifier();
      expect(c.sample({ v: 832, c: 36 }, 0, false)).toBeNull();
      expect(c.sample({ v: 832, c: 36 }, 100, false)).toBeNull();
      expect(c.sample({ v: 832, c: 36 }, 400, true)).toEqual({ height: 36, mode: 'content' });
    });

    it('grows the frame at once', () => {
      const c = new SizingClassifier();
      expect(c.sample({ v: 832, c: 2400 }, 0, false)).toEqual({ height: 2400, mode: 'content' });
    });

    it('keeps a game that read innerHeight as it started at the full height (Phaser, p5)', () => {
      // The page is a 36 px title until its script sizes a canvas to the window, once.
      let canvas = 0;
      const c = new SizingClassifier();
      let v = 832;
      const reports: Report[] = [];
      for (let step = 0; step < 30; step++) {
        if (step === 5 && canvas === 0) canvas = v; // createCanvas(windowWidth, windowHeight)
        const r = c.sample({ v, c: 36 + canvas }, step * 16, step >= 10);
        if (!r) continue;
        reports.push(r);
        if (r.mode === 'content') v = r.height;
      }
      expect(c.mode).toBe('content');
      expect(v).toBeGreaterThanOrEqual(832);
      expect(reports.some((r) => r.height < 800)).toBe(false);
    });

    it('still finds a full-screen layout while the document starts', () => {
      const { mode, v } = play((vh) => vh);
      expect(mode).toBe('viewport');
      expect(v).toBe(700);
      const c = new SizingClassifier();
      expect(c.sample({ v: 700, c: 700 }, 0, false)).toEqual({ height: 700 - PROBE, mode: 'content' });
      expect(c.sample({ v: 700 - PROBE, c: 700 - PROBE }, 20, false)).toEqual({
        height: 700 - PROBE,
        mode: 'viewport',
      });
    });
  });
});
