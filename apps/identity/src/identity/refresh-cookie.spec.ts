import { parseRefreshCookie, readCookie, refreshCookieName, refreshCookieOptions } from './refresh-cookie';

describe('refresh cookie', () => {
  it('is __Host- prefixed in production only', () => {
    expect(refreshCookieName('production')).toBe('__Host-cv_rt');
    expect(refreshCookieName('development')).toBe('cv_rt');
    expect(refreshCookieName('test')).toBe('cv_rt');
  });

  it('is httpOnly, Secure, SameSite=Strict, Path=/ and has no Domain', () => {
    expect(refreshCookieOptions(1000)).toEqual({
      httpOnly: true,
      secure: true,
      sameSite: 'strict',
      path: '/',
      maxAge: 1000,
    });
    expect(refreshCookieOptions()).not.toHaveProperty('domain');
  });

  it('is read from the Cookie header by exact name', () => {
    expect(readCookie('a=1; cv_rt=abc; x_cv_rt=no', 'cv_rt')).toBe('abc');
    expect(readCookie('xcv_rt=abc', 'cv_rt')).toBeUndefined();
    expect(readCookie(undefined, 'cv_rt')).toBeUndefined();
  });

  it('parses only well-formed values', () => {
    const token = 'A'.repeat(43);
    expect(parseRefreshCookie(`ses_abc.${token}`)).toEqual({ sessionId: 'ses_abc', token });
    for (const bad of [
      '',
      'garbage',
      `usr_abc.${token}`,
      'ses_abc.short',
      `ses_abc.${token}x`,
      `ses_a$.${token}`,
    ]) {
      expect(parseRefreshCookie(bad)).toBeUndefined();
    }
  });
});
