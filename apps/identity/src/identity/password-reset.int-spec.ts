import { AUTH_MESSAGES, Topic } from '@core-vault/contracts';
import { testInfra, waitFor } from '@core-vault/platform/testing';
import { tapEvents } from '../testing/event-tap';
import { call, codeIn, latestMail, mailCount } from '../testing/http';
import { requestCode, signIn, signUpAndSignIn } from '../testing/flows';
import { type IdentityHarness, startIdentity } from '../testing/identity-harness';

const { mailApiUrl } = testInfra();
let h: IdentityHarness;
let tap: Awaited<ReturnType<typeof tapEvents>>;

beforeAll(async () => {
  h = await startIdentity();
  tap = await tapEvents([Topic.PasswordReset]);
});
afterAll(async () => {
  await tap.stop();
  await h.close();
});

const post = (path: string, body: Record<string, unknown>, cookie?: string) =>
  call<Record<string, unknown>>(h.baseUrl, 'POST', path, body, { cookie });
const request = (email: string) => post('/api/v1/auth/password-reset/request', { email });
const confirm = (body: Record<string, unknown>) => post('/api/v1/auth/password-reset/confirm', body);

async function resetCode(email: string): Promise<string> {
  const before = await mailCount(mailApiUrl, email);
  const res = await request(email);
  expect(res.body).toEqual({ success: true, message: AUTH_MESSAGES.resetSent });
  await waitFor(
    () => mailCount(mailApiUrl, email),
    (n) => n === before + 1,
    { what: 'reset mail' },
  );
  const mail = await latestMail(mailApiUrl, email);
  expect(mail?.subject).toBe('Reset your Core Vault password');
  return codeIn(mail);
}

describe('password reset', () => {
  it('tells an unknown address apart with the spec message', async () => {
    const res = await request(`nobody-${Date.now()}@example.com`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      statusCode: 404,
      code: 'ACCOUNT_NOT_FOUND',
      message: AUTH_MESSAGES.resetUnknownAccount,
    });
  });

  it('needs an e-mail', async () => {
    const res = await post('/api/v1/auth/password-reset/request', {});
    expect(res.status).toBe(400);
  });

  it('sets the new password, revokes every session and publishes identity.password-reset.v1', async () => {
    const a = await signUpAndSignIn(h.baseUrl);
    const b = await signIn(h.baseUrl, a.email, a.password); // a second device
    const code = await resetCode(a.email);
    const res = await confirm({ email: a.email, code, newPassword: 'a brand new secret' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: AUTH_MESSAGES.resetDoneEverywhere });
    for (const s of [a, b]) {
      expect((await call(h.baseUrl, 'GET', '/api/v1/me', undefined, { token: s.token })).status).toBe(401);
      expect((await post('/api/v1/auth/refresh', {}, s.cookie)).status).toBe(401);
    }
    const old = await post('/api/v1/auth/sign-in', { email: a.email, password: a.password });
    expect(old.body['code']).toBe('INVALID_CREDENTIALS');
    expect((await signIn(h.baseUrl, a.email, 'a brand new secret')).token).toBeTruthy();
    const event = await tap.next(Topic.PasswordReset, a.user.id);
    expect(event.data['userId']).toBe(a.user.id);
  });

  it('refuses a wrong code, keeps the old password, and kills the code after 5 wrong tries', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    const code = await resetCode(s.email);
    const wrong = (i: number) => String((Number(code) + i) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 5; i++) {
      const res = await confirm({ email: s.email, code: wrong(i), newPassword: 'another password' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'RESET_FAILED',
        message: AUTH_MESSAGES.resetInvalidCode,
      });
    }
    expect((await confirm({ email: s.email, code, newPassword: 'another password' })).status).toBe(400);
    expect((await call(h.baseUrl, 'GET', '/api/v1/me', undefined, { token: s.token })).status).toBe(200);
  });

  it('refuses an expired or reused code and a short password', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    const code = await resetCode(s.email);
    const short = await confirm({ email: s.email, code, newPassword: 'short' });
    expect(short.body['message']).toBe(AUTH_MESSAGES.passwordTooShort);
    expect((await confirm({ email: s.email, code, newPassword: 'long enough one' })).status).toBe(200);
    expect((await confirm({ email: s.email, code, newPassword: 'long enough two' })).status).toBe(400);

    const other = await signUpAndSignIn(h.baseUrl);
    const late = await resetCode(other.email);
    h.clock.advance(11 * 60_000);
    expect((await confirm({ email: other.email, code: late, newPassword: 'long enough one' })).status).toBe(
      400,
    );
  });

  it('a sign-in code is no reset code', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    const code = await requestCode(h.baseUrl, s.email, s.password);
    const res = await confirm({ email: s.email, code, newPassword: 'long enough one' });
    expect(res.status).toBe(400);
  });
});
