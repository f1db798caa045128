import { useEffect } from 'react';
import { isConsentResetKey, resetConsent } from '../consent-store';
import { useConsent } from '../hooks/useConsent';
import './consent.css';

/** 'Usage Analytics' with Allow / Decline; Ctrl+Shift+R forgets the answer and the session id. */
export function ConsentBanner() {
  const { consent, allow, decline } = useConsent();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isConsentResetKey(e)) return;
      e.preventDefault();
      resetConsent();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (consent !== null) return null;
  return (
    <section className="consent" role="region" aria-labelledby="consent-title">
      <div>
        <h2 id="consent-title">Usage Analytics</h2>
        <p>
          May we count your views of shared artifacts? We store an anonymous session id in this browser and
          nothing else.
        </p>
      </div>
      <div className="cv-row">
        <button type="button" className="cv-btn" onClick={decline}>
          Decline
        </button>
        <button type="button" className="cv-btn cv-btn-primary" onClick={allow}>
          Allow
        </button>
      </div>
    </section>
  );
}
