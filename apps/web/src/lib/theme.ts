import { localStore } from './storage';

/**
 * The colour theme: "system" follows prefers-color-scheme (the default), "light" and "dark"
 * override it. Stored in this browser under `cv.theme` — a browser preference, not personal
 * data, so Sign Out keeps it (lib/storage.ts forgets only `core-vault.*` and pending uploads).
 * public/theme.js applies the stored choice before the first paint; this module when it changes.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_KEY = 'cv.theme';
export const THEME_CHOICES: readonly { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];
const CHANGE_EVENT = 'cv:theme-change';

export function readTheme(): ThemeChoice {
  const raw = localStore.get(THEME_KEY);
  return raw === 'light' || raw === 'dark' ? raw : 'system';
}

/** The choice on <html data-theme>: absent for "system", so the CSS media query decides. */
export function applyTheme(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
}

export function setTheme(choice: ThemeChoice): void {
  if (choice === 'system') localStore.remove(THEME_KEY);
  else localStore.set(THEME_KEY, choice);
  applyTheme(choice);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Changes made here and in other tabs (the storage event), which also re-apply the theme. */
export function onThemeChange(listener: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key !== THEME_KEY && e.key !== null) return;
    applyTheme(readTheme());
    listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
