import type { PageCaptureMode } from '../adapters';
import { draftsFrom, type CapturedDraft } from './draft';
import { runPageCapture } from './protocol';

export type { CapturedDraft } from './draft';

/** 'all' for the popup and "Save all artifacts on this page"; 'context' for "Save to Core Vault". */
export type CaptureMode = { kind: 'all' } | { kind: 'context'; selectionText?: string; frameId?: number };

/** The injected file (apps/extension/src/entries.json bundles capture/page-entry.ts to it). */
export const CAPTURE_SCRIPT = 'capture.js';

export class CaptureError extends Error {
  override readonly name = 'CaptureError';
}

function pageModeOf(mode: CaptureMode): PageCaptureMode {
  if (mode.kind === 'all') return { kind: 'all' };
  return mode.selectionText ? { kind: 'context', selectionText: mode.selectionText } : { kind: 'context' };
}

/**
 * Finds what the tab offers and turns it into drafts ready for POST /api/v1/artifacts. Needs
 * host permission or activeTab for the tab; the context menu targets the frame it was opened in.
 */
export async function captureFromTab(
  tabId: number,
  mode: CaptureMode,
  opts: { includePageUrl: boolean },
): Promise<CapturedDraft[]> {
  const target =
    mode.kind === 'context' && mode.frameId !== undefined ? { tabId, frameIds: [mode.frameId] } : { tabId };
  await chrome.scripting.executeScript({ target, files: [CAPTURE_SCRIPT] });
  const [result] = await chrome.scripting.executeScript({
    target,
    func: runPageCapture,
    args: [pageModeOf(mode)],
  });
  const capture = result?.result;
  if (!capture || !Array.isArray(capture.items)) throw new CaptureError('Could not read this page.');
  return draftsFrom(capture, { includePageUrl: opts.includePageUrl, now: new Date() });
}
