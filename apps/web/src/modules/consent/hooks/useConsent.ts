import { useCallback, useSyncExternalStore } from 'react';
import { type Consent, onConsentChange, readConsent, setConsent } from '../consent-store';

/** The visitor's analytics consent, shared by every component that reads it. */
export function useConsent(): { consent: Consent; allow: () => void; decline: () => void } {
  const consent = useSyncExternalStore(onConsentChange, readConsent, () => null);
  const allow = useCallback(() => setConsent(true), []);
  const decline = useCallback(() => setConsent(false), []);
  return { consent, allow, decline };
}
