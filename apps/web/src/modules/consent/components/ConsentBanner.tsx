import { useEffect, useRef, useState } from 'react';
import { isConsentResetKey, onConsentOpen, resetConsent } from '../consent-store';
import { useConsent } from '../hooks/useConsent';
import './consent.css';

export const CONSENT_TEXTS = {
  allowed: 'You currently allow this.',
  declined: 'You currently decline this.',
} as const;

/**
 * 'Usage Analytics' with Allow / Decline; Ctrl+Shift+R forgets the answer and the session id.
 * Shown until answered, and again when the footer's "Cookie settings" asks (with the current
 * answer, which stays until the person picks one).
 */
export function ConsentBanner() {
  const { consent, allow, decline } = useConsent();
  const [reopened, setReopened] = useState(false);
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isConsentResetKey(e)) return;
      e.preventDefault();
      resetConsent();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => onConsentOpen(() => setReopened(true)), []);
  // Opened from the footer: focus moves to it, so a keyboard or screen-reader user lands on the choice.
  useEffect(() => {
    if (reopened) region.current?.focus();
  }, [reopened]);

  if (consent !== null && !reopened) return null;
  const choose = (answer: () => void) => () => {
    answer();
    setReopened(false);
  };
  return (
    <section className="consent" role="region" aria-labelledby="consent-title" tabIndex={-1} ref={region}>
      <div>
        <h2 id="consent-title">Usage Analytics</h2>
        <p>
          May we count your views of shared artifacts? We store an anonymous session id in this browser and
          nothing else.
          {consent !== null && ` ${consent ? CONSENT_TEXTS.allowed : CONSENT_TEXTS.declined}`}
        </p>
      </div>
      <div className="cv-row">
        <button type="button" className="cv-btn" onClick={choose(decline)}>
          Decline
        </button>
        <button type="button" className="cv-btn cv-btn-primary" onClick={choose(allow)}>
          Allow
        </button>
      </div>
    </section>
  );
}
