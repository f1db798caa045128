import { ACCOUNT_MESSAGES, Topic } from '@core-vault/contracts';
import { testInfra, waitFor } from '@core-vault/platform/testing';
import { tapEvents } from '../testing/event-tap';
import { call, codeIn, latestMail, mailCount } from '../testing/http';
import { type SignedIn, signIn, signUp, signUpAndSignIn } from '../testing/flows';
import { type IdentityHarness, startIdentity } from '../testing/identity-harness';

const { mailApiUrl } = testInfra();
let h: IdentityHarness;
let tap: Awaited<ReturnType<typeof tapEvents>>;

beforeAll(async () => {
  h = await startIdentity();
  tap = await tapEvents([Topic.ProfileUpdated]);
});
afterAll(async () => {
  await tap.stop();
  await h.close();
});

const as = (s: SignedIn) => ({
  get: (path: string) => call(h.baseUrl, 'GET', path, undefined, { token: s.token }),
  send: (method: string, path: string, body: Record<string, unknown>) =>
    call(h.baseUrl, method, path, body, { token: s.token }),
});
const me = (s: SignedIn) => call(h.baseUrl, 'GET', '/api/v1/me', undefined, { token: s.token });
const refresh = (s: SignedIn) => call(h.baseUrl, 'POST', '/api/v1/auth/refresh', {}, { cookie: s.cookie });
const fresh = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Step 1 of an e-mail change; the code read from the mail sink at the NEW address. */
async function emailChangeCode(s: SignedIn, newEmail: string): Promise<string> {
  const before = await mailCount(mailApiUrl, newEmail);
  const res = await as(s).send('POST', '/api/v1/account/email/request', {
    newEmail,
    currentPassword: s.password,
  });
  expect(res.body).toEqual({ success: true, message: ACCOUNT_MESSAGES.emailCodeSent });
  await waitFor(
    () => mailCount(mailApiUrl, newEmail),
    (n) => n === before + 1,
    { what: 'e-mail change code mail' },
  );
  const mail = await latestMail(mailApiUrl, newEmail);
  expect(mail?.subject).toBe('Confirm your new Core Vault email address');
  return codeIn(mail);
}

describe('account settings', () => {
  it('shows and changes the name, publishing identity.profile-updated.v1', async () => {
    const s = await signUpAndSignIn(h.baseUrl, { firstName: 'Ada', lastName: 'Lovelace' });
    expect((await as(s).get('/api/v1/account')).body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: s.email,
    });
    const res = await as(s).send('PUT', '/api/v1/account/name', { firstName: 'Augusta', lastName: 'King' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ firstName: 'Augusta', lastName: 'King', email: s.email });
    expect((await as(s).get('/api/v1/account')).body['firstName']).toBe('Augusta');
    const event = await tap.next(Topic.ProfileUpdated, s.user.id);
    expect(event.data).toMatchObject({ userId: s.user.id, changed: ['name'], firstName: 'Augusta' });

    const blank = await as(s).send('PUT', '/api/v1/account/name', { firstName: ' ', lastName: 'King' });
    expect(blank.status).toBe(400);
    expect(blank.body['message']).toBe(ACCOUNT_MESSAGES.nameRequired);
  });

  it('changes the e-mail with the code sent to the new address; sign-in then uses it', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    const newEmail = fresh('moved');
    const oldMails = await mailCount(mailApiUrl, s.email);
    const code = await emailChangeCode(s, newEmail);
    expect(await mailCount(mailApiUrl, s.email)).toBe(oldMails);
    const res = await as(s).send('POST', '/api/v1/account/email/confirm', { code });
    expect(res.status).toBe(200);
    expect(res.body['email']).toBe(newEmail);
    expect((await me(s)).body['email']).toBe(newEmail);
    const event = await tap.next(Topic.ProfileUpdated, s.user.id);
    expect(event.data).toMatchObject({ email: newEmail, changed: ['email'] });
    expect((await signIn(h.baseUrl, newEmail, s.password)).user.id).toBe(s.user.id);
    const old = await call(h.baseUrl, 'POST', '/api/v1/auth/sign-in', {
      email: s.email,
      password: s.password,
    });
    expect(old.body['code']).toBe('INVALID_CREDENTIALS');
    // The code works once.
    expect((await as(s).send('POST', '/api/v1/account/email/confirm', { code })).status).toBe(400);
  });

  it('answers 409 for an address another account has, before and after the code', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    const other = await signUp(h.baseUrl);
    const taken = await as(s).send('POST', '/api/v1/account/email/request', {
      newEmail: other.email.toUpperCase(),
      currentPassword: s.password,
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      statusCode: 409,
      code: 'EMAIL_TAKEN',
      message: ACCOUNT_MESSAGES.emailTaken,
    });

    // Someone registers the address while the code is on its way: the unique index refuses the move.
    const contested = fresh('contested');
    const code = await emailChangeCode(s, contested);
    await signUp(h.baseUrl, { email: contested });
    const late = await as(s).send('POST', '/api/v1/account/email/confirm', { code });
    expect(late.status).toBe(409);
    expect((await me(s)).body['email']).toBe(s.email);
  });

  it('refuses a wrong password, a wrong code and an expired code', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    const wrong = await as(s).send('POST', '/api/v1/account/email/request', {
      newEmail: fresh('nope'),
      currentPassword: 'not my password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body['message']).toBe(ACCOUNT_MESSAGES.wrongPassword);

    const code = await emailChangeCode(s, fresh('wrong-code'));
    const guess = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await as(s).send('POST', '/api/v1/account/email/confirm', { code: guess });
    expect(bad.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: ACCOUNT_MESSAGES.emailCodeInvalid,
    });
    h.clock.advance(11 * 60_000);
    expect((await as(s).send('POST', '/api/v1/account/email/confirm', { code })).status).toBe(400);
    expect((await me(s)).body['email']).toBe(s.email);
  });

  it('changes the password with the current one and ends every other session', async () => {
    const here = await signUpAndSignIn(h.baseUrl);
    const there = await signIn(h.baseUrl, here.email, here.password);
    const wrong = await as(here).send('POST', '/api/v1/account/password', {
      currentPassword: 'not my password',
      newPassword: 'a brand new secret',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body['message']).toBe(ACCOUNT_MESSAGES.wrongPassword);
    expect((await me(there)).status).toBe(200);

    const res = await as(here).send('POST', '/api/v1/account/password', {
      currentPassword: here.password,
      newPassword: 'a brand new secret',
    });
    expect(res.body).toEqual({ success: true, message: ACCOUNT_MESSAGES.passwordChanged });
    expect((await me(here)).status).toBe(200);
    expect((await refresh(here)).status).toBe(200);
    expect((await me(there)).status).toBe(401);
    expect((await refresh(there)).status).toBe(401);
    expect((await signIn(h.baseUrl, here.email, 'a brand new secret')).token).toBeTruthy();
  });
});
