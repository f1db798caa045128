import { RATE_LIMITS, emailOf, signInAction, tokenRule } from './rate-limit.policy';

describe('rate-limit policy', () => {
  it('splits sign-in into password and code attempts', () => {
    expect(signInAction({ email: 'a@b.co', password: 'long password' })).toBe('sign-in');
    expect(signInAction({ email: 'a@b.co', password: '123456' })).toBe('verify-code');
    expect(signInAction({ email: 'a@b.co', code: '12' })).toBe('verify-code');
    expect(signInAction(undefined)).toBe('sign-in');
  });

  it('keys e-mails the way identity compares them, and ignores absurd ones', () => {
    expect(emailOf({ email: '  Ada@Example.COM ' })).toBe('ada@example.com');
    expect(emailOf({ email: 'x'.repeat(300) })).toBeUndefined();
    expect(emailOf({ email: 42 })).toBeUndefined();
    expect(emailOf({ email: '   ' })).toBeUndefined();
    expect(emailOf(null)).toBeUndefined();
  });

  it('limits every sensitive action per IP, and per e-mail where a body names one', () => {
    for (const action of [
      'sign-in',
      'verify-code',
      'resend-code',
      'reset-request',
      'reset-confirm',
    ] as const) {
      expect(RATE_LIMITS[action].ip.limit).toBeGreaterThan(0);
      expect(RATE_LIMITS[action].email?.limit).toBeLessThanOrEqual(RATE_LIMITS[action].ip.limit);
    }
  });

  it('gives a key 120 requests a minute by default, 600 when its owner holds api_access (Business, admins)', () => {
    const config = { TOKEN_RATE_LIMIT: 120, TOKEN_RATE_LIMIT_BUSINESS: 600, TOKEN_RATE_WINDOW_SECONDS: 60 };
    const owner = { isActive: true, subscriptionStatus: 'ACTIVE', planType: 'Pro' } as const;
    expect(tokenRule(config, owner)).toEqual({ limit: 120, windowSeconds: 60 });
    expect(tokenRule(config, { ...owner, planType: 'Business' })).toEqual({ limit: 600, windowSeconds: 60 });
    expect(tokenRule(config, { ...owner, planType: 'Business', subscriptionStatus: 'CANCELED' }).limit).toBe(
      120,
    );
    expect(tokenRule(config, { ...owner, isAdmin: true }).limit).toBe(600);
  });

  it('limits refresh per session first, with an address budget for hundreds of people behind one NAT', () => {
    const { session, ip } = RATE_LIMITS.refresh;
    expect(session).toEqual({ limit: 120, windowSeconds: 600 });
    // One person's reloads and tabs fit many times over; a whole office's fit in the address's.
    expect(ip.windowSeconds).toBe(session?.windowSeconds);
    expect(ip.limit).toBeGreaterThanOrEqual(40 * (session?.limit ?? 0));
    // Only refresh and the /device page's calls are counted per session.
    for (const [action, rules] of Object.entries(RATE_LIMITS))
      if (action !== 'refresh' && action !== 'device-verify') expect(rules.session).toBeUndefined();
  });
});
