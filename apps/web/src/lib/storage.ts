/**
 * localStorage that never throws (private mode, quota, disabled storage): reads give null,
 * writes are best effort. Only non-secret UI state goes here — never a token.
 */
export const localStore = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage unavailable: the setting lasts for this page only
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing to remove
    }
  },
};

/**
 * What the app keeps in this browser for the person signed in — artifacts' data
 * (`core-vault.artifact-storage.*`), frame heights, uploads waiting to be saved — by key prefix.
 * Browser preferences (analytics consent, the tour) stay.
 */
const USER_DATA_PREFIXES = ['core-vault.', 'cv.pending-uploads'] as const;

function forgetIn(storage: () => Storage): void {
  try {
    const store = storage();
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key && USER_DATA_PREFIXES.some((p) => key.startsWith(p))) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // storage unavailable: nothing was kept
  }
}

/** Sign Out, or the session ended elsewhere: the next person on this browser finds nothing of it. */
export function forgetUserData(): void {
  forgetIn(() => window.localStorage);
  forgetIn(() => window.sessionStorage);
}
