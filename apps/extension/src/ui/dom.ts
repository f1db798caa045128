import { type BackgroundRequest } from '../shared/messages';

/** The element with this id, of this class, or an error naming what the page lacks. */
export function byId<T extends Element>(
  id: string,
  type: abstract new (...args: never[]) => T,
  root: Document = document,
): T {
  const el = root.getElementById(id);
  if (!(el instanceof type)) throw new Error(`#${id} is missing from the page`);
  return el;
}

/** One request to the background and its answer. */
export function ask<R = unknown>(request: BackgroundRequest): Promise<R> {
  return chrome.runtime.sendMessage<BackgroundRequest, R>(request);
}

/** A message line: errors are alerts (read at once), the rest polite status text. */
export function banner(el: HTMLElement, kind: 'info' | 'success' | 'warning' | 'error', text: string): void {
  el.className = `cv-banner cv-banner-${kind}`;
  el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  el.textContent = text;
}
