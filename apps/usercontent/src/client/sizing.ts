/**
 * Frame sizing inside the artifact document (part of the agent: keep it small).
 *
 * A document is either content-sized (its height does not depend on the frame's: the app makes
 * the frame exactly that tall) or viewport-sized (100vh, position: fixed, a canvas that fills the
 * window: its height follows the frame's, so sizing the frame to it would loop or grow forever).
 * Styles cannot tell them apart (vh resolves to px), so the classifier asks: when the content is
 * exactly as tall as the frame, or moved with the frame by a good part of its change, it probes,
 * asking for a frame PROBE px shorter, and looks whether the content shrank with it (same DOM, a
 * frame apart; content that grows on its own never shrinks with the frame). Viewport mode is final.
 */
export type SizingMode = 'content' | 'viewport';

/** How much shorter a probe asks the frame to be. */
export const PROBE = 4;
/** Give up waiting for the app to apply a probe after this long (collapsed, clamped). */
export const PROBE_TIMEOUT_MS = 1000;
/**
 * A document is not made shorter than its frame until it has settled: its `load` has fired and
 * it has rendered (a React artifact after its first render), plus SETTLE_MS. Games and canvases
 * often read `innerHeight` once, as they start (Phaser's scale manager, p5's
 * `createCanvas(windowWidth, windowHeight)`, three.js): a frame shrunk to the page's loading
 * state would freeze them at that height (a game collapsed to its 36 px title). Until then the
 * frame keeps its full-screen default; growing is never held back.
 */
export const SETTLE_MS = 250;
/** Settle anyway this long after the agent started (a page that never finishes loading). */
export const SETTLE_CAP_MS = 5000;
/** Last resort against feedback a probe cannot see (a debounced resize handler): growths per window. */
const RUNAWAY_GROWTHS = 30;
const RUNAWAY_MS = 2000;

export interface Sample {
  /** The frame's (viewport's) height. */
  v: number;
  /** The content's height, not clamped to the viewport. */
  c: number;
}

export interface Report {
  height: number;
  mode: SizingMode;
}

/**
 * The classifier without the DOM: feed it samples, it says what to report (or null). Pure and
 * deterministic, so sizing.spec.ts walks it through every kind of page.
 */
export class SizingClassifier {
  mode: SizingMode = 'content';
  private prev: Sample | null = null;
  /** The sample a probe started from, while it waits for the frame to change. */
  private base: Sample | null = null;
  private probeStarted = 0;
  /** The content height of the last probe: content that fills the frame is probed again only once it changed more than a probe could make it. */
  private probedAt = -1;
  private growths: number[] = [];
  private last: Report | null = null;

  /** `settled`: false while the document still starts (SETTLE_MS): no report shrinks the frame. */
  sample(s: Sample, now: number, settled = true): Report | null {
    const { v, c } = s;
    if (v <= 0) return null; // not displayed (collapsed): nothing to learn
    if (this.mode === 'viewport') return this.emit(c);
    if (!settled && c < v - PROBE && !this.base) {
      this.prev = s;
      return null;
    }
    const base = this.base;
    if (base) {
      // Measurements before the app applied the probe prove nothing.
      if (v !== base.v - PROBE && now - this.probeStarted < PROBE_TIMEOUT_MS) return null;
      this.base = null;
      this.prev = s;
      // Any shrink with the frame means the layout depends on it (80vh, 50vh + text, 100vh).
      if (v < base.v && c < base.c - 0.5) this.mode = 'viewport';
      return this.emit(c);
    }
    const prev = this.prev;
    this.prev = s;
    const dv = prev ? v - prev.v : 0;
    const dc = prev ? c - prev.c : 0;
    // The content moved the same way as the frame, by a good part of it: a vh-sized layout (an
    // 80vh card would otherwise shrink the frame step by step towards nothing).
    const followed =
      Math.abs(dv) >= PROBE && Math.sign(dc) === Math.sign(dv) && Math.abs(dc) >= Math.abs(dv) / 4;
    if (this.last && c > this.last.height) {
      this.growths = this.growths.filter((t) => now - t < RUNAWAY_MS);
      if (this.growths.push(now) > RUNAWAY_GROWTHS) {
        this.mode = 'viewport';
        return this.emit(c);
      }
    }
    if (followed || (Math.abs(c - v) <= 1 && Math.abs(c - this.probedAt) > PROBE)) {
      this.probedAt = c;
      this.base = s;
      this.probeStarted = now;
      return this.emit(v - PROBE);
    }
    return this.emit(c);
  }

  /** True while a probe waits for the frame to change. */
  get probing(): boolean {
    return this.base !== null;
  }

  private emit(height: number): Report | null {
    const last = this.last;
    if (last && last.height === height && last.mode === this.mode) return null;
    return (this.last = { height, mode: this.mode });
  }
}

/** Elements looked at for out-of-flow boxes; beyond this a document is measured by its flow only. */
const MAX_WALK = 3000;

/**
 * The content's height, not clamped to the viewport: the browser's scroll height when the
 * content overflows the frame; otherwise the bottom of the root box and of absolutely positioned
 * boxes (which normal flow does not count), and of fixed boxes at least half the window tall
 * (an app layer, which makes the page track the window; small fixed bars and toasts overlay).
 */
export function contentHeight(doc: Document = document, win: Window = window): number {
  const html = doc.documentElement;
  const v = win.innerHeight;
  const scroll = html.scrollHeight;
  if (scroll > v + 1) return scroll;
  const y = win.scrollY;
  let h =
    html.getBoundingClientRect().bottom + y + (parseFloat(win.getComputedStyle(html).marginBottom) || 0);
  const body = doc.body;
  if (body) {
    h = Math.max(h, body.getBoundingClientRect().top + y + body.scrollHeight);
    const all = body.getElementsByTagName('*');
    for (let i = 0; i < all.length && i < MAX_WALK; i++) {
      const el = all[i] as Element;
      const position = win.getComputedStyle(el).position;
      if (position !== 'absolute' && position !== 'fixed') continue;
      const r = el.getBoundingClientRect();
      if (position === 'absolute' && r.height > 0) h = Math.max(h, r.bottom + y);
      else if (r.height >= v / 2) h = Math.max(h, r.bottom);
    }
  }
  return Math.ceil(Math.min(h, scroll));
}
