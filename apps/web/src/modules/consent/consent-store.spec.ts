import {
  CONSENT_KEY,
  SESSION_ID_KEY,
  analyticsSessionId,
  isConsentResetKey,
  readConsent,
  resetConsent,
  setConsent,
} from './consent-store';

describe('consent store', () => {
  beforeEach(() => localStorage.clear());

  it('is unanswered until the visitor chooses, then remembers the choice', () => {
    expect(readConsent()).toBeNull();
    setConsent(true);
    expect(readConsent()).toBe(true);
    expect(localStorage.getItem(CONSENT_KEY)).toBe('true');
    setConsent(false);
    expect(readConsent()).toBe(false);
  });

  it('gives a session id only with consent, and the same one until reset', () => {
    let n = 0;
    const random = () => `sess-${++n}`;
    expect(analyticsSessionId(random)).toBeNull();
    setConsent(true);
    expect(analyticsSessionId(random)).toBe('sess-1');
    expect(analyticsSessionId(random)).toBe('sess-1');
    resetConsent();
    expect(readConsent()).toBeNull();
    expect(localStorage.getItem(SESSION_ID_KEY)).toBeNull();
    setConsent(true);
    expect(analyticsSessionId(random)).toBe('sess-2');
  });

  it('drops the session id when consent is withdrawn', () => {
    setConsent(true);
    analyticsSessionId(() => 'x');
    setConsent(false);
    expect(localStorage.getItem(SESSION_ID_KEY)).toBeNull();
    expect(analyticsSessionId(() => 'y')).toBeNull();
  });

  it('recognises Ctrl+Shift+R only', () => {
    expect(isConsentResetKey({ ctrlKey: true, shiftKey: true, key: 'R' })).toBe(true);
    expect(isConsentResetKey({ ctrlKey: true, shiftKey: false, key: 'r' })).toBe(false);
    expect(isConsentResetKey({ ctrlKey: false, shiftKey: true, key: 'R' })).toBe(false);
  });
});
