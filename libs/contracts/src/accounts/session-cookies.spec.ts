import { readCookie, refreshCookieSessionId, sessionCookieName } from './session-cookies';

describe('session cookies', () => {
  it('are __Host- prefixed in production only', () => {
    expect(sessionCookieName('refresh', 'production')).toBe('__Host-cv_rt');
    expect(sessionCookieName('refresh', 'development')).toBe('cv_rt');
    expect(sessionCookieName('hint', 'production')).toBe('__Host-cv_has_session');
    expect(sessionCookieName('hint', 'test')).toBe('cv_has_session');
  });

  it('are read from a Cookie header by exact name', () => {
    expect(readCookie('a=1; cv_rt=abc; x_cv_rt=no', 'cv_rt')).toBe('abc');
    expect(readCookie('xcv_rt=abc', 'cv_rt')).toBeUndefined();
    expect(readCookie('cv_has_session=1', 'cv_has_session')).toBe('1');
    expect(readCookie(undefined, 'cv_rt')).toBeUndefined();
    expect(readCookie('', 'cv_rt')).toBeUndefined();
  });

  it("name a refresh cookie's session only when the value is shaped like one", () => {
    const token = 'A'.repeat(43);
    expect(refreshCookieSessionId(`ses_abc.${token}`)).toBe('ses_abc');
    for (const bad of [undefined, '', 'garbage', `usr_abc.${token}`, 'ses_abc.short', `ses_a$.${token}`])
      expect(refreshCookieSessionId(bad)).toBeUndefined();
  });
});
