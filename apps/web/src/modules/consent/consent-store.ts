import { localStore } from '../../lib/storage';

/** Local storage keys of the consent banner (spec artifacts §3 "Local storage"). */
export const CONSENT_KEY = 'cv.analytics-consent';
export const SESSION_ID_KEY = 'cv.analytics-session';
const CHANGE_EVENT = 'cv:consent-change';
const OPEN_EVENT = 'cv:consent-open';

export type Consent = boolean | null;

/** true = Allow, false = Decline, null = not asked yet (the banner shows). */
export function readConsent(): Consent {
  const raw = localStore.get(CONSENT_KEY);
  return raw === 'true' ? true : raw === 'false' ? false : null;
}

export function setConsent(value: boolean): void {
  localStore.set(CONSENT_KEY, String(value));
  if (!value) localStore.remove(SESSION_ID_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Ctrl+Shift+R: forget the answer and the session id, so the banner asks again. */
export function resetConsent(): void {
  localStore.remove(CONSENT_KEY);
  localStore.remove(SESSION_ID_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/**
 * The random anonymous session id views are reported with: only with consent (null otherwise),
 * created on first use and kept until consent is reset or withdrawn.
 */
export function analyticsSessionId(random: () => string = () => crypto.randomUUID()): string | null {
  if (readConsent() !== true) return null;
  const existing = localStore.get(SESSION_ID_KEY);
  if (existing) return existing;
  const id = random();
  localStore.set(SESSION_ID_KEY, id);
  return id;
}

/** The footer's "Cookie settings": show the choice again, the stored answer kept until a new one. */
export function openConsentChoice(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

export function onConsentOpen(listener: () => void): () => void {
  window.addEventListener(OPEN_EVENT, listener);
  return () => window.removeEventListener(OPEN_EVENT, listener);
}

export function onConsentChange(listener: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === CONSENT_KEY || e.key === null) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** True for the consent-reset shortcut, Ctrl+Shift+R. */
export function isConsentResetKey(e: Pick<KeyboardEvent, 'ctrlKey' | 'shiftKey' | 'key'>): boolean {
  return e.ctrlKey && e.shiftKey && e.key.toLowerCase() === 'r';
}
