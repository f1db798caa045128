import { createHash } from 'node:crypto';
import { AUTH_MESSAGES, type SessionUser, Topic, sessionUserSchema } from '@core-vault/contracts';
import { testInfra, waitFor } from '@core-vault/platform/testing';
import { tapEvents } from '../testing/event-tap';
import { call, codeIn, latestMail, mailCount } from '../testing/http';
import { requestCode, signUp } from '../testing/flows';
import { type IdentityHarness, startIdentity } from '../testing/identity-harness';

const { mailApiUrl } = testInfra();
let h: IdentityHarness;
let tap: Awaited<ReturnType<typeof tapEvents>>;

beforeAll(async () => {
  h = await startIdentity();
  tap = await tapEvents([Topic.UserSignedIn]);
});
afterAll(async () => {
  await tap.stop();
  await h.close();
});

const signIn = (body: Record<string, unknown>) =>
  call<Record<string, unknown>>(h.baseUrl, 'POST', '/api/v1/auth/sign-in', body);
const resend = (body: Record<string, unknown>) =>
  call<Record<string, unknown>>(h.baseUrl, 'POST', '/api/v1/auth/resend-code', body);
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
/** Lets the next code e-mail go out at once, as if the cooldown had lapsed. */
const endCooldown = (email: string) =>
  h.redis.del(`cooldown:identity:code-mail:${createHash('sha256').update(email).digest('base64url')}`);
const invalidCode = {
  statusCode: 401,
  code: 'INVALID_VERIFICATION_CODE',
  message: AUTH_MESSAGES.invalidCode,
};

describe('sign-in with an e-mailed code', () => {
  it('asks for a code after the right password, then signs in with the code in the password slot', async () => {
    const { email, password } = await signUp(h.baseUrl);
    const before = await mailCount(mailApiUrl, email);
    const step1 = await signIn({ email: email.toUpperCase(), password });
    expect(step1.status).toBe(200);
    expect(step1.body).toEqual({
      success: false,
      code: 'VERIFICATION_CODE_REQUIRED',
      message: AUTH_MESSAGES.verificationCodeRequired,
    });
    expect(step1.setCookie).toEqual([]);
    await waitFor(
      () => mailCount(mailApiUrl, email),
      (n) => n === before + 1,
      { what: 'code mail' },
    );
    const mail = await latestMail(mailApiUrl, email);
    expect(mail?.subject).toBe('Your Core Vault verification code');
    const code = codeIn(mail);
    expect(mail?.html).toContain(code);

    const step2 = await signIn({ email, password: code });
    expect(step2.status).toBe(200);
    expect(step2.body).toMatchObject({ success: true, message: AUTH_MESSAGES.signedIn });
    const user = sessionUserSchema.parse(step2.body['user']);
    expect(user.email).toBe(email);
    expect(Date.parse(user.lastLoginAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(claimsOf(String(step2.body['token']))).toMatchObject({
      sub: user.id,
      email,
      adm: false,
      act: false,
      plan: 'Pro',
      sts: 'NO_SUBSCRIPTION',
    });
    const [cookie, hint] = step2.setCookie;
    expect(cookie).toMatch(/^cv_rt=ses_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43};/);
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/']) expect(cookie).toContain(flag);
    // The SPA's "has session" hint, readable by it, no secret in it, as long-lived as the cookie.
    expect(hint).toMatch(/^cv_has_session=1;/);
    expect(hint).not.toContain('HttpOnly');
    expect(/Max-Age=\d+/.exec(hint ?? '')?.[0]).toBe(/Max-Age=\d+/.exec(cookie ?? '')?.[0]);
  });

  it('accepts the code in a separate `code` field too', async () => {
    const { email, password } = await signUp(h.baseUrl);
    const code = await requestCode(h.baseUrl, email, password);
    const res = await signIn({ email, code });
    expect(res.status).toBe(200);
    expect(res.body['success']).toBe(true);
  });

  it('records lastLoginAt and a user-signed-in event in the same write', async () => {
    const { email, password, user } = await signUp(h.baseUrl);
    await signIn({ email, password: await requestCode(h.baseUrl, email, password) });
    const stored = await h.connection.collection('users').findOne({ _id: user.id as never });
    const lastLoginAt = stored?.['lastLoginAt'] as Date;
    expect(lastLoginAt).toBeInstanceOf(Date);
    const event = await tap.next(Topic.UserSignedIn, user.id);
    expect(event.data).toEqual({ userId: user.id, at: lastLoginAt.toISOString() });
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const { email } = await signUp(h.baseUrl);
    const wrong = await signIn({ email, password: 'not the password' });
    const unknown = await signIn({ email: `nobody-${Date.now()}@example.com`, password: 'not the password' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        statusCode: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password',
      });
    }
  });

  it('needs an e-mail and a password', async () => {
    for (const body of [
      {},
      { email: 'a@b.co' },
      { password: 'whatever123' },
      { email: ' ', password: 'x' },
    ]) {
      const res = await signIn(body);
      expect(res.status).toBe(400);
      expect(res.body['message']).toBe(AUTH_MESSAGES.credentialsRequired);
    }
  });

  it('refuses a wrong code with the spec message', async () => {
    const { email, password } = await signUp(h.baseUrl);
    const code = await requestCode(h.baseUrl, email, password);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await signIn({ email, password: wrong });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(invalidCode);
  });

  it('refuses a code after 10 minutes', async () => {
    const { email, password } = await signUp(h.baseUrl);
    const code = await requestCode(h.baseUrl, email, password);
    h.clock.advance(10 * 60_000 + 1000);
    const res = await signIn({ email, password: code });
    expect(res.body).toEqual(invalidCode);
  });

  it('accepts a code only once', async () => {
    const { email, password } = await signUp(h.baseUrl);
    const code = await requestCode(h.baseUrl, email, password);
    expect((await signIn({ email, password: code })).status).toBe(200);
    expect((await signIn({ email, password: code })).body).toEqual(invalidCode);
  });

  it('kills a code after 5 wrong tries, even with the right one next', async () => {
    const { email, password } = await signUp(h.baseUrl);
    const code = await requestCode(h.baseUrl, email, password);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect((await signIn({ email, password: wrong(i) })).status).toBe(401);
    expect((await signIn({ email, password: code })).body).toEqual(invalidCode);
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const { email, password } = await signUp(h.baseUrl);
    const code = await requestCode(h.baseUrl, email, password);
    for (let i = 1; i <= 4; i++) {
      await signIn({ email, password: String((Number(code) + i) % 1_000_000).padStart(6, '0') });
    }
    expect((await signIn({ email, password: code })).status).toBe(200);
  });

  it('compares at most 5 guesses even when 20 arrive at once', async () => {
    const { email, password, user } = await signUp(h.baseUrl);
    const code = await requestCode(h.baseUrl, email, password);
    const guesses = Array.from({ length: 20 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    await Promise.all(guesses.map((g) => signIn({ email, code: g })));
    const stored = await h.connection
      .collection('verification_codes')
      .findOne({ _id: `sign-in:${user.id}` as never });
    expect(stored?.['attempts']).toBe(5);
    expect((await signIn({ email, code })).body).toEqual(invalidCode);
  });

  it('never signs in with a code alone: a code is only mailed after the right password', async () => {
    const { email } = await signUp(h.baseUrl);
    const before = await mailCount(mailApiUrl, email);
    const res = await resend({ email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: AUTH_MESSAGES.codeResent });
    expect(await mailCount(mailApiUrl, email)).toBe(before);
    expect((await signIn({ email, password: '123456' })).body).toEqual(invalidCode);
  });
});

describe('resend code', () => {
  it('asks for the e-mail first', async () => {
    for (const body of [{}, { email: '   ' }]) {
      const res = await resend(body);
      expect(res.status).toBe(400);
      expect(res.body['message']).toBe(AUTH_MESSAGES.emailRequiredForResend);
    }
  });

  it('refuses inside the cooldown with 429 and Retry-After', async () => {
    const { email, password } = await signUp(h.baseUrl);
    await requestCode(h.baseUrl, email, password);
    const res = await resend({ email });
    expect(res.status).toBe(429);
    expect(res.body['code']).toBe('RESEND_COOLDOWN');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('does not mail a second code when the password step is repeated inside the cooldown', async () => {
    const { email, password } = await signUp(h.baseUrl);
    const code = await requestCode(h.baseUrl, email, password);
    const count = await mailCount(mailApiUrl, email);
    expect((await signIn({ email, password })).body['code']).toBe('VERIFICATION_CODE_REQUIRED');
    expect(await mailCount(mailApiUrl, email)).toBe(count);
    expect((await signIn({ email, code })).status).toBe(200);
  });

  it('after the cooldown sends a new code, and the old one dies', async () => {
    const { email, password } = await signUp(h.baseUrl);
    const first = await requestCode(h.baseUrl, email, password);
    await endCooldown(email);
    const count = await mailCount(mailApiUrl, email);
    expect((await resend({ email })).status).toBe(200);
    await waitFor(
      () => mailCount(mailApiUrl, email),
      (n) => n === count + 1,
      { what: 'resent code' },
    );
    const second = codeIn(await latestMail(mailApiUrl, email));
    if (first !== second) expect((await signIn({ email, password: first })).status).toBe(401);
    const res = await signIn({ email, password: second });
    expect(res.status).toBe(200);
    expect((res.body['user'] as SessionUser).email).toBe(email);
  });
});
