import {
  FRAME_HEIGHT,
  type FrameHeightSetting,
  type FrameSizingMode,
  clampFrameHeight,
} from '@core-vault/contracts';

/** Viewport-sized artifacts are never shorter than this by default, nor by the user's hand. */
export const VIEWPORT_FRAME_MIN = 480;
export const USER_FRAME_MIN = 150;
/** The resize handle's height: the default frame height leaves room for it, so it shows without scrolling. */
export const RESIZE_HANDLE_HEIGHT = 12;
/** Above the frame at most this much counts as the app's header when picking a default height. */
const HEADER_MAX = 200;
const SESSION_PREFIX = 'core-vault.frame-height.';

/**
 * The height a viewport-sized artifact gets (and every frame while it loads, so the agent first
 * lays the document out at a full-screen height): the browser window minus what is above the
 * frame (the app header), at least VIEWPORT_FRAME_MIN.
 */
export function defaultViewportHeight(frameTop: number, windowHeight = window.innerHeight): number {
  const header = Math.min(Math.max(frameTop, 0), HEADER_MAX);
  return Math.max(VIEWPORT_FRAME_MIN, Math.round(windowHeight - header));
}

export const clampUserHeight = (h: number) => Math.max(USER_FRAME_MIN, clampFrameHeight(h));

/** The height the user chose for a viewport-sized artifact in this tab, if any. */
export function loadFrameHeight(id: string | undefined): number | null {
  if (!id) return null;
  try {
    const n = Number(sessionStorage.getItem(SESSION_PREFIX + id));
    return n > 0 ? clampUserHeight(n) : null;
  } catch {
    return null;
  }
}

export function saveFrameHeight(id: string | undefined, height: number): void {
  if (!id) return;
  try {
    sessionStorage.setItem(SESSION_PREFIX + id, String(height));
  } catch {
    // storage full or blocked: the height is simply not remembered
  }
}

export interface FrameSizing {
  mode: FrameSizingMode;
  /** The last usable content height reported (content mode), null before the first one. */
  content: number | null;
}

/**
 * Applies a height report. Heights below 1 px (an empty document before it rendered, a hidden
 * one) are ignored rather than collapsing the frame; viewport mode is final, as in the agent.
 */
export function applyHeightReport(
  current: FrameSizing,
  report: { height: number; mode?: FrameSizingMode | undefined },
): FrameSizing {
  if (current.mode === 'viewport') return current;
  if (report.mode === 'viewport') return { mode: 'viewport', content: current.content };
  const height = clampFrameHeight(report.height);
  return height < 1 || height === current.content ? current : { mode: 'content', content: height };
}

export const FRAME_MAX = FRAME_HEIGHT.max;

/** How the frame is sized: by the owner's pinned px, by its content, or as a full-screen layout. */
export type FrameBox = { height: number; resizable: boolean; sizing: 'pinned' | FrameSizingMode };

/**
 * The frame's height. The owner's pinned px win (a taller document scrolls inside the frame).
 * "Fill the window", or a document the agent found viewport-sized: the user's height for this tab
 * or the window's below the header, with the resize bar. Otherwise exactly the content's height
 * (the window's until the first report, so the document first lays out at a full-screen size).
 */
export function frameBox(
  pinned: FrameHeightSetting | undefined,
  sizing: FrameSizing,
  userHeight: number | null,
  viewportHeight: number,
): FrameBox {
  if (typeof pinned === 'number') return { height: pinned, resizable: false, sizing: 'pinned' };
  if (pinned === 'viewport' || sizing.mode === 'viewport')
    return { height: userHeight ?? viewportHeight, resizable: true, sizing: 'viewport' };
  return { height: sizing.content ?? viewportHeight, resizable: false, sizing: 'content' };
}
