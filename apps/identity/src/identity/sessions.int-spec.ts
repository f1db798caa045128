import { AUTH_MESSAGES, sessionUserSchema } from '@core-vault/contracts';
import { revokedSessionKey } from '@core-vault/platform';
import { call } from '../testing/http';
import { signUpAndSignIn } from '../testing/flows';
import { type IdentityHarness, startIdentity } from '../testing/identity-harness';

let h: IdentityHarness;

beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

const me = (token?: string) =>
  call<Record<string, unknown>>(h.baseUrl, 'GET', '/api/v1/me', undefined, { token });
const refresh = (cookie?: string) =>
  call<Record<string, unknown>>(h.baseUrl, 'POST', '/api/v1/auth/refresh', undefined, { cookie });
const signOut = (opts: { token?: string; cookie?: string }) =>
  call<Record<string, unknown>>(h.baseUrl, 'POST', '/api/v1/auth/sign-out', undefined, opts);
const cookieOf = (res: { cookies: Record<string, string> }) => `cv_rt=${res.cookies['cv_rt']}`;
const expired = { statusCode: 401, code: 'SESSION_EXPIRED', message: AUTH_MESSAGES.sessionExpired };

describe('sessions', () => {
  it('GET /me restores the session user from the access token, with exactly the session fields', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    const res = await me(s.token);
    expect(res.status).toBe(200);
    expect(sessionUserSchema.parse(res.body)).toEqual(s.user);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'createdAt',
        'currentPeriodEnd',
        'email',
        'id',
        'isActive',
        'lastLoginAt',
        'planType',
        'stripeCustomerId',
        'subscriptionStatus',
        'trialEnd',
        'updatedAt',
      ].sort(),
    );
  });

  it('GET /me without a token, or with a forged one, is 401', async () => {
    expect((await me()).status).toBe(401);
    const s = await signUpAndSignIn(h.baseUrl);
    const [head, , sig] = s.token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'someone-else' })).toString('base64url');
    expect((await me(`${head}.${forged}.${sig}`)).status).toBe(401);
  });

  it('refresh gives a new access token and rotates the cookie', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    const res = await refresh(s.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { id: s.user.id } });
    const token = String(res.body['token']);
    expect((await me(token)).status).toBe(200);
    const next = cookieOf(res);
    expect(next).not.toBe(s.cookie);
    expect(res.setCookie[0]).toMatch(/HttpOnly; .*Secure; SameSite=Strict/);
    expect((await refresh(next)).status).toBe(200);
  });

  it('reuse of a rotated refresh token after the grace window revokes the whole family', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    const rotated = await refresh(s.cookie);
    const current = cookieOf(rotated);
    h.clock.advance((h.config.SESSION_REFRESH_GRACE_SECONDS + 1) * 1000);
    const replay = await refresh(s.cookie);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(expired);
    // The legitimate holder's newer token is dead too, and so are the family's access tokens.
    expect((await refresh(current)).status).toBe(401);
    expect((await me(String(rotated.body['token']))).status).toBe(401);
    expect((await me(s.token)).status).toBe(401);
  });

  it('six tabs refreshing at once with one cookie all stay signed in, on one shared successor', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    const results = await Promise.all(Array.from({ length: 6 }, () => refresh(s.cookie)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const successors = new Set(results.map(cookieOf));
    expect(successors.size).toBe(1);
    const [successor] = [...successors];
    expect(successor).not.toBe(s.cookie);
    for (const r of results) expect((await me(String(r.body['token']))).status).toBe(200);
    // The family is intact: the shared successor rotates on, the session was never revoked.
    const next = await refresh(successor);
    expect(next.status).toBe(200);
    expect((await me(String(next.body['token']))).status).toBe(200);
  });

  it('a replay of the pre-race cookie after the window is still theft: 401 and the family revoked', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    const results = await Promise.all(Array.from({ length: 6 }, () => refresh(s.cookie)));
    const successor = cookieOf(results[0] ?? { cookies: {} });
    h.clock.advance((h.config.SESSION_REFRESH_GRACE_SECONDS + 1) * 1000);
    const replay = await refresh(s.cookie);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(expired);
    expect((await refresh(successor)).status).toBe(401);
    expect((await me(String(results[0]?.body['token']))).status).toBe(401);
  });

  it('refresh without or with a garbage cookie is 401 and clears the cookie', async () => {
    for (const cookie of [undefined, 'cv_rt=garbage', 'cv_rt=ses_x.short']) {
      const res = await refresh(cookie);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(expired);
    }
    expect((await refresh('cv_rt=nope')).setCookie[0]).toMatch(/^cv_rt=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('sign-out revokes the session at once: access token refused, refresh refused, cookie cleared', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    const res = await signOut({ token: s.token, cookie: s.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: AUTH_MESSAGES.signedOut });
    expect(res.setCookie[0]).toMatch(/^cv_rt=;.*Expires=Thu, 01 Jan 1970.*HttpOnly/);
    expect((await me(s.token)).body).toEqual(expired);
    expect((await refresh(s.cookie)).status).toBe(401);
    expect(
      await h.redis.ttl(
        revokedSessionKey(
          String(JSON.parse(Buffer.from(s.token.split('.')[1] ?? '', 'base64url').toString()).sid),
        ),
      ),
    ).toBeGreaterThan(15 * 60 - 5);
  });

  it('sign-out with only the cookie also kills the access token', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    expect((await signOut({ cookie: s.cookie })).status).toBe(200);
    expect((await me(s.token)).status).toBe(401);
  });

  it('sign-out always clears the cookie, even when the session is already gone', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    await signOut({ token: s.token, cookie: s.cookie });
    for (const opts of [{ token: s.token, cookie: s.cookie }, {}, { cookie: 'cv_rt=garbage' }]) {
      const res = await signOut(opts);
      expect(res.status).toBe(200);
      expect(res.setCookie[0]).toMatch(/^cv_rt=;/);
    }
  });

  it('the has-session hint comes and goes with the refresh cookie: rotation, 401, sign-out', async () => {
    const hintOf = (res: { setCookie: string[] }) =>
      res.setCookie.find((c) => c.startsWith('cv_has_session='));
    const maxAge = (line: string | undefined) => /Max-Age=(\d+)/.exec(line ?? '')?.[1];
    const s = await signUpAndSignIn(h.baseUrl);
    const rotated = await refresh(s.cookie);
    expect(rotated.setCookie[0]).toMatch(/^cv_rt=ses_/);
    expect(hintOf(rotated)).toMatch(
      /^cv_has_session=1; Max-Age=\d+; Path=\/; Expires=.*; Secure; SameSite=Strict$/,
    );
    expect(maxAge(hintOf(rotated))).toBe(maxAge(rotated.setCookie[0]));
    // Ended elsewhere: the next refresh is a 401 and the browser forgets both.
    h.clock.advance((h.config.SESSION_REFRESH_GRACE_SECONDS + 1) * 1000);
    const revoked = await refresh(s.cookie);
    expect(revoked.status).toBe(401);
    expect(revoked.setCookie[0]).toMatch(/^cv_rt=;/);
    expect(hintOf(revoked)).toMatch(/^cv_has_session=;.*Expires=Thu, 01 Jan 1970/);
    const out = await signOut({ cookie: cookieOf(rotated) });
    expect(out.setCookie[0]).toMatch(/^cv_rt=;/);
    expect(hintOf(out)).toMatch(/^cv_has_session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('a session ends after its absolute lifetime', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    h.clock.advance((h.config.SESSION_TTL_DAYS * 86_400 + 60) * 1000);
    expect((await refresh(s.cookie)).status).toBe(401);
  });
});
