import type { PageCapture, PageCaptureMode } from '../adapters';

/**
 * How the extension talks to capture.js: the injected file defines this function in the
 * extension's isolated world of the page (page scripts cannot see or replace it), then a second
 * executeScript({func}) calls it. One name, shared by both sides.
 */
declare global {
  var __coreVaultCapture: ((mode: PageCaptureMode) => PageCapture) | undefined;
}

/**
 * Serialised by chrome.scripting and run in the page: only globalThis is in scope there. Null
 * when capture.js is not installed in that frame.
 */
export function runPageCapture(mode: PageCaptureMode): PageCapture | null {
  return globalThis.__coreVaultCapture?.(mode) ?? null;
}
