/**
 * "Network off means off" for navigation, which no CSP directive covers: an artifact could send
 * what its viewer typed to another site by navigating its own frame there (`location.href = …`,
 * a link with target _self, a meta refresh, window.open(…, '_self')). The agent runs before any
 * artifact code and cancels every navigation of this document to another origin with the
 * Navigation API (its `navigate` event is cancelable for what the document itself starts). A link
 * the person clicks still opens, in a new tab (what allow-popups gives any artifact); anything
 * else is stopped and a notice says so. Same-origin navigations (fragments, the artifact's own
 * origin) are left alone: they carry nothing anywhere.
 *
 * Browsers without the Navigation API keep the other walls: the sandbox forbids navigating the
 * page that shows the frame, forms post nowhere (form-action 'none'), and the app replaces a view
 * frame that left its origin (ArtifactFrame).
 */
interface NavigateEventLike extends Event {
  readonly destination: { readonly url: string };
  readonly cancelable: boolean;
  readonly userInitiated?: boolean;
  readonly navigationType?: string;
  readonly formData?: FormData | null;
}

interface NavigationLike {
  addEventListener(type: 'navigate', listener: (event: NavigateEventLike) => void): void;
}

export type NavigationVerdict = 'allow' | 'new-tab' | 'block';

/** What to do with a navigation of this document to `destination`. */
export function judgeNavigation(
  destination: string,
  here: string,
  event: { userInitiated?: boolean; navigationType?: string; formData?: FormData | null },
): NavigationVerdict {
  let url: URL;
  try {
    url = new URL(destination, here);
  } catch {
    return 'block';
  }
  // A javascript: URL runs in this very document (`href="javascript:go()"` is common in AI-written
  // pages); a blob: URL this document made has its origin.
  if (url.protocol === 'javascript:' || url.origin === new URL(here).origin) return 'allow';
  const link = event.userInitiated === true && event.navigationType === 'push' && !event.formData;
  return link && (url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:')
    ? 'new-tab'
    : 'block';
}

export function installNavigationGuard(win: Window, onBlocked: (destination: string) => void): boolean {
  const navigation = (win as unknown as { navigation?: NavigationLike }).navigation;
  if (!navigation) return false;
  navigation.addEventListener('navigate', (event) => {
    const verdict = judgeNavigation(event.destination.url, win.location.href, event);
    if (verdict === 'allow' || !event.cancelable) return;
    event.preventDefault();
    if (verdict === 'new-tab') win.open(event.destination.url, '_blank', 'noopener,noreferrer');
    else onBlocked(event.destination.url);
  });
  return true;
}

/** The notice a frame shows where it stopped a navigation. */
export function showNavigationBlocked(doc: Document, destination: string): void {
  let host = destination;
  try {
    host = new URL(destination).host || destination.slice(0, 60);
  } catch {
    host = destination.slice(0, 60);
  }
  const existing = doc.querySelector<HTMLElement>('[data-cv-navigation-blocked]');
  const box = existing ?? doc.createElement('div');
  box.setAttribute('data-cv-navigation-blocked', '');
  box.setAttribute('role', 'alert');
  box.textContent = `This artifact tried to leave its page for ${host}. Core Vault stopped it: artifacts run isolated.`;
  box.style.cssText =
    'position:fixed;left:8px;right:8px;bottom:8px;z-index:2147483647;padding:8px 12px;border-radius:8px;' +
    'background:#fdecea;color:#1c2333;border:1px solid #d93025;font:14px/1.4 system-ui,sans-serif';
  if (!existing) (doc.body ?? doc.documentElement).append(box);
}
