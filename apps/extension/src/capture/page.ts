import { capturePage } from '../adapters';

/** Hover state survives the context menu opening; a browser without :hover support gives none. */
function hoveredElements(doc: Document): Element[] {
  try {
    return Array.from(doc.querySelectorAll(':hover'));
  } catch {
    return [];
  }
}

/** Defines the capture function in this world (capture.js runs it once per injection). */
export function installCapture(target: typeof globalThis, win: Window): void {
  target.__coreVaultCapture = (mode) =>
    capturePage(win.document, mode, {
      hovered: hoveredElements(win.document),
      selection: win.getSelection()?.toString() ?? '',
    });
}
