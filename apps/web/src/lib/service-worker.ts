/**
 * Registers the share-target worker (public/share-target-sw.js) once the page has loaded. Its
 * scope is /share-target/ alone: it receives what a phone's share sheet POSTs there (the
 * manifest's share_target) and controls no page of the app, so no page load or API call ever
 * goes through it. Without service workers (plain http, old browsers) sharing into the app is
 * simply not offered.
 */
export const SHARE_TARGET_WORKER = '/share-target-sw.js';
export const SHARE_TARGET_SCOPE = '/share-target/';

export function registerShareTarget(nav: Navigator = navigator, win: Window = window): void {
  if (!('serviceWorker' in nav)) return;
  const register = () => {
    nav.serviceWorker.register(SHARE_TARGET_WORKER, { scope: SHARE_TARGET_SCOPE }).catch(() => {
      // not installable here (e.g. a private window): the app works the same
    });
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
