import { SESSION_MESSAGES } from '@core-vault/contracts';
import { call } from '../testing/http';
import { requestCode, signIn, signUpAndSignIn } from '../testing/flows';
import { type IdentityHarness, startIdentity } from '../testing/identity-harness';

let h: IdentityHarness;

beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

interface Listed {
  sessions: { id: string; browser: string; device: string; current: boolean; lastUsedAt: string }[];
}
const sidOf = (token: string): string =>
  String(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid);
const list = (token: string) => call<Listed>(h.baseUrl, 'GET', '/api/v1/sessions', undefined, { token });
const me = (token: string) => call(h.baseUrl, 'GET', '/api/v1/me', undefined, { token });
const refresh = (cookie: string) => call(h.baseUrl, 'POST', '/api/v1/auth/refresh', undefined, { cookie });

describe('session management (/account)', () => {
  it("lists the caller's sessions with browser and device; ends one; signs out the others", async () => {
    const a = await signUpAndSignIn(h.baseUrl);
    const b = await signIn(h.baseUrl, a.email, a.password);
    const c = await signIn(h.baseUrl, a.email, a.password);
    const listed = await list(a.token);
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(3);
    const mine = listed.body.sessions.find((s) => s.current);
    expect(mine?.id).toBe(sidOf(a.token));
    // Node's fetch says "node": no browser the list could name.
    expect(mine).toMatchObject({ browser: 'Unknown browser', device: 'Unknown device' });

    const ended = await call(h.baseUrl, 'DELETE', `/api/v1/sessions/${sidOf(b.token)}`, undefined, {
      token: a.token,
    });
    expect(ended.body).toEqual({ success: true, message: SESSION_MESSAGES.ended });
    expect((await me(b.token)).status).toBe(401);
    expect((await refresh(b.cookie)).status).toBe(401);
    const again = await call(h.baseUrl, 'DELETE', `/api/v1/sessions/${sidOf(b.token)}`, undefined, {
      token: a.token,
    });
    expect(again.status).toBe(404);

    const others = await call(h.baseUrl, 'POST', '/api/v1/sessions/sign-out-others', undefined, {
      token: a.token,
    });
    expect(others.body).toEqual({ success: true, message: SESSION_MESSAGES.othersEnded });
    expect((await me(c.token)).status).toBe(401);
    expect((await me(a.token)).status).toBe(200);
    expect((await list(a.token)).body.sessions.map((s) => s.id)).toEqual([sidOf(a.token)]);
  });

  it("names the browser it was signed in from, cannot end someone else's session, refuses bad ids", async () => {
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const a = await signUpAndSignIn(h.baseUrl);
    const code = await requestCode(h.baseUrl, a.email, a.password);
    const fromChrome = await call<{ token: string }>(
      h.baseUrl,
      'POST',
      '/api/v1/auth/sign-in',
      { email: a.email, password: code },
      { headers: { 'user-agent': chrome } },
    );
    const listed = await list(fromChrome.body.token);
    expect(listed.body.sessions.find((s) => s.current)).toMatchObject({
      browser: 'Chrome',
      device: 'Windows',
    });

    const other = await signUpAndSignIn(h.baseUrl);
    const path = `/api/v1/sessions/${sidOf(other.token)}`;
    expect((await call(h.baseUrl, 'DELETE', path, undefined, { token: a.token })).status).toBe(404);
    expect((await me(other.token)).status).toBe(200);
    const bad = await call(h.baseUrl, 'DELETE', '/api/v1/sessions/not-a-session', undefined, {
      token: a.token,
    });
    expect(bad.status).toBe(400);
    expect((await call(h.baseUrl, 'GET', '/api/v1/sessions')).status).toBe(401);
  });
});
