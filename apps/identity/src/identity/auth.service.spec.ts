import { type Logger } from 'pino';
import { AUTH_MESSAGES, type SignUpBody, Topic } from '@core-vault/contracts';
import { AppException, type Clock, type CooldownLock, type OutboxRelayService } from '@core-vault/platform';
import { authUser, errorCode } from '@core-vault/platform/testing';
import { type IdentityConfig } from '../config';
import {
  CountingHasher,
  FakeCodes,
  FakeCooldowns,
  FakeKeys,
  FakeSessions,
  FakeUsers,
  as,
} from '../testing/auth-fakes';
import { AuthService, RESEND_COOLDOWN_SECONDS } from './auth.service';
import { type CodeService } from './code.service';
import { PasswordHasher } from './password-hasher';
import { type PersonalTokenService } from './personal-token.service';
import { type SessionService } from './session.service';
import { type UserRepository } from './user.repository';
import { type User } from './user.schema';

const PASSWORD = 'correct horse battery';
const registration = (over: Partial<SignUpBody> = {}): SignUpBody => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  password: PASSWORD,
  confirmPassword: PASSWORD,
  planType: 'pro_monthly',
  ...over,
});

function setup() {
  const now = new Date('2026-11-24T10:00:00Z');
  const users = new FakeUsers();
  const codes = new FakeCodes();
  const sessions = new FakeSessions();
  const cooldowns = new FakeCooldowns();
  const keys = new FakeKeys();
  const hasher = new CountingHasher(10);
  let nudges = 0;
  const service = new AuthService(
    as<UserRepository>(users),
    as<CodeService>(codes),
    as<SessionService>(sessions),
    hasher,
    as<CooldownLock>(cooldowns),
    as<OutboxRelayService>({ nudge: () => void nudges++ }),
    as<PersonalTokenService>(keys),
    as<IdentityConfig>({ ADMIN_EMAILS: ' Boss@Example.test ' }),
    as<Clock>({ now: () => now }),
    as<Logger>({ info: () => undefined }),
  );
  return { service, users, codes, sessions, cooldowns, keys, hasher, now, nudges: () => nudges };
}

type Setup = ReturnType<typeof setup>;

/** Signs up and passes the password step: the sign-in code is out. */
async function pendingSignIn(t: Setup, email = 'ada@example.test'): Promise<User> {
  await t.service.signUp(registration({ email }));
  await t.service.signIn({ email, password: PASSWORD });
  const user = await t.users.findByEmail(email);
  if (!user) throw new Error('no user');
  return user;
}

const detailsOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: unknown) => (err instanceof AppException ? err.details : err),
  );

describe('AuthService sign-up', () => {
  it('creates an inactive account without subscription, its event in the same write', async () => {
    const t = setup();
    const result = await t.service.signUp(registration({ email: '  Ada@Example.TEST ' }));
    expect(result).toMatchObject({ success: true, message: AUTH_MESSAGES.accountCreated });
    expect(result.user).toMatchObject({
      email: 'ada@example.test',
      subscriptionStatus: 'NO_SUBSCRIPTION',
      isActive: false,
    });
    const stored = [...t.users.docs.values()][0];
    expect(stored?.passwordHash).toMatch(/^scrypt\$10\$/);
    expect(t.users.events.map((e) => e.topic)).toEqual([Topic.UserRegistered]);
    expect(t.users.events[0]?.envelope).toMatchObject({
      producer: 'identity',
      key: stored?._id,
      data: { userId: stored?._id, email: 'ada@example.test', requestedPlan: 'pro_monthly' },
    });
    expect(t.nudges()).toBe(1);
  });

  it('refuses an address already registered, found first or lost in the insert race', async () => {
    const t = setup();
    await t.service.signUp(registration());
    expect(await errorCode(t.service.signUp(registration({ email: 'ADA@example.test' })))).toBe(
      'DUPLICATE_EMAIL',
    );
    t.users.loseInsertRace = true;
    expect(await errorCode(t.service.signUp(registration({ email: 'other@example.test' })))).toBe(
      'DUPLICATE_EMAIL',
    );
    expect(t.users.events).toHaveLength(1);
  });

  it('refuses an invalid registration before touching anything', async () => {
    const t = setup();
    expect(await errorCode(t.service.signUp(registration({ confirmPassword: 'something else' })))).toBe(
      'VALIDATION_FAILED',
    );
    expect(t.users.docs.size).toBe(0);
  });
});

describe('AuthService sign-in', () => {
  it('answers an unknown address and a wrong password alike, after a password check either way', async () => {
    const t = setup();
    await t.service.signUp(registration());
    expect(await errorCode(t.service.signIn({ email: 'ada@example.test', password: 'wrong password' }))).toBe(
      'INVALID_CREDENTIALS',
    );
    expect(t.hasher.dummies).toBe(0);
    expect(await errorCode(t.service.signIn({ email: 'nobody@example.test', password: PASSWORD }))).toBe(
      'INVALID_CREDENTIALS',
    );
    expect(t.hasher.dummies).toBe(1);
    expect(t.codes.mails).toEqual([]);
    expect(t.cooldowns.held.size).toBe(0);
  });

  it('mails a code for the right password, with the proof time, and asks for it', async () => {
    const t = setup();
    await t.service.signUp(registration());
    const step1 = await t.service.signIn({ email: 'ada@example.test', password: PASSWORD });
    expect(step1).toEqual({
      result: {
        success: false,
        code: 'VERIFICATION_CODE_REQUIRED',
        message: AUTH_MESSAGES.verificationCodeRequired,
      },
    });
    expect(t.codes.mails).toMatchObject([{ purpose: 'sign-in', passwordVerifiedAt: t.now }]);
  });

  it('inside the cooldown mails no second code while the first is live, only refreshes the proof', async () => {
    const t = setup();
    const user = await pendingSignIn(t);
    await t.service.signIn({ email: 'ada@example.test', password: PASSWORD });
    expect(t.codes.mails).toHaveLength(1);
    expect(t.codes.proofRefreshed).toEqual([user._id]);
    // The code was used up meanwhile: the password step then mails a new one, cooldown or not.
    await t.codes.verify('sign-in', user._id, t.codes.codeOf('sign-in', user._id));
    await t.service.signIn({ email: 'ada@example.test', password: PASSWORD });
    expect(t.codes.mails).toHaveLength(2);
  });

  it('releases the cooldown when the code mail cannot go out, so the user may retry at once', async () => {
    const t = setup();
    await t.service.signUp(registration());
    t.codes.mailDown = true;
    expect(await errorCode(t.service.signIn({ email: 'ada@example.test', password: PASSWORD }))).toBe(
      'MAIL_UNAVAILABLE',
    );
    expect(t.cooldowns.held.size).toBe(0);
  });

  it('upgrades a hash stored at an older cost once the password is known', async () => {
    const t = setup();
    await t.service.signUp(registration());
    const [user] = t.users.docs.values();
    if (!user) throw new Error('no user');
    user.passwordHash = await new PasswordHasher(9).hash(PASSWORD);
    await t.service.signIn({ email: 'ada@example.test', password: PASSWORD });
    expect(user.passwordHash).toMatch(/^scrypt\$10\$/);
    expect(await t.hasher.verify(PASSWORD, user.passwordHash)).toBe(true);
  });

  it('signs in with the mailed code (in `code` or the password slot): a session and the event', async () => {
    for (const slot of ['code', 'password'] as const) {
      const t = setup();
      const user = await pendingSignIn(t);
      const outcome = await t.service.signIn({
        email: 'ada@example.test',
        [slot]: t.codes.codeOf('sign-in', user._id),
      });
      expect(outcome.result).toMatchObject({ success: true, token: 'at:ses_1', user: { id: user._id } });
      expect(outcome.session?.sessionId).toBe('ses_1');
      expect(t.users.docs.get(user._id)?.lastLoginAt).toEqual(t.now);
      expect(t.users.events.map((e) => e.topic)).toEqual([Topic.UserRegistered, Topic.UserSignedIn]);
    }
  });

  it('refuses a wrong or reused code, and a code for an unknown address, with one answer', async () => {
    const t = setup();
    const user = await pendingSignIn(t);
    const code = t.codes.codeOf('sign-in', user._id);
    const wrong = code === '999999' ? '999998' : '999999';
    expect(await errorCode(t.service.signIn({ email: 'ada@example.test', code: wrong }))).toBe(
      'INVALID_VERIFICATION_CODE',
    );
    await t.service.signIn({ email: 'ada@example.test', code });
    expect(await errorCode(t.service.signIn({ email: 'ada@example.test', code }))).toBe(
      'INVALID_VERIFICATION_CODE',
    );
    expect(await errorCode(t.service.signIn({ email: 'nobody@example.test', code }))).toBe(
      'INVALID_VERIFICATION_CODE',
    );
    expect(t.sessions.started).toHaveLength(1);
  });

  it('asks for credentials when the address or both secrets are missing', async () => {
    const t = setup();
    for (const body of [
      { password: PASSWORD },
      { email: 'ada@example.test' },
      { email: '  ', code: '123456' },
    ])
      expect(await errorCode(t.service.signIn(body))).toBe('VALIDATION_FAILED');
  });

  it('gives a configured admin address the admin session, whatever billing says', async () => {
    const t = setup();
    const boss = await pendingSignIn(t, 'boss@example.test');
    const outcome = await t.service.signIn({
      email: 'boss@example.test',
      code: t.codes.codeOf('sign-in', boss._id),
    });
    expect(t.sessions.started).toEqual([{ userId: boss._id, isAdmin: true }]);
    expect(outcome.result).toMatchObject({ user: { isAdmin: true, planType: 'Business', isActive: true } });
  });
});

describe('AuthService resend and password reset', () => {
  it('resends only for a proven password, and says the same whether the address exists or not', async () => {
    const t = setup();
    const user = await pendingSignIn(t);
    t.cooldowns.lapse();
    const known = await t.service.resendCode({ email: 'ada@example.test' });
    expect(t.codes.mails.map((m) => m.userId)).toEqual([user._id, user._id]);
    // The resent code carries the original proof, not a new one.
    expect(t.codes.mails[1]?.passwordVerifiedAt).toEqual(t.now);
    const unknown = await t.service.resendCode({ email: 'nobody@example.test' });
    expect(unknown).toEqual(known);
    await t.service.signUp(registration({ email: 'unproven@example.test' }));
    expect(await t.service.resendCode({ email: 'unproven@example.test' })).toEqual(known);
    expect(t.codes.mails).toHaveLength(2);
  });

  it(`answers 429 with the wait inside the ${RESEND_COOLDOWN_SECONDS}-second cooldown`, async () => {
    const t = setup();
    await pendingSignIn(t);
    const refused = t.service.resendCode({ email: 'ada@example.test' });
    expect(await detailsOf(refused)).toEqual({ retryAfterSeconds: 42 });
    expect(await errorCode(t.service.resendCode({ email: 'ada@example.test' }))).toBe('RESEND_COOLDOWN');
  });

  it('checks the address before claiming any cooldown', async () => {
    const t = setup();
    expect(await errorCode(t.service.resendCode({ email: '' }))).toBe('VALIDATION_FAILED');
    expect(await errorCode(t.service.resendCode({ email: 'not an address' }))).toBe('VALIDATION_FAILED');
    expect(await errorCode(t.service.requestPasswordReset({ email: 'not an address' }))).toBe(
      'VALIDATION_FAILED',
    );
    expect(t.cooldowns.held.size).toBe(0);
  });

  it('mails a reset code to a known address, 404 for an unknown one, 429 inside the cooldown', async () => {
    const t = setup();
    await t.service.signUp(registration());
    expect(await t.service.requestPasswordReset({ email: 'ada@example.test' })).toMatchObject({
      success: true,
    });
    expect(t.codes.mails.map((m) => m.purpose)).toEqual(['reset']);
    expect(await errorCode(t.service.requestPasswordReset({ email: 'ada@example.test' }))).toBe(
      'RESEND_COOLDOWN',
    );
    expect(await errorCode(t.service.requestPasswordReset({ email: 'nobody@example.test' }))).toBe(
      'ACCOUNT_NOT_FOUND',
    );
  });

  it('releases the reset cooldown when the mail cannot go out', async () => {
    const t = setup();
    await t.service.signUp(registration());
    t.codes.mailDown = true;
    expect(await errorCode(t.service.requestPasswordReset({ email: 'ada@example.test' }))).toBe(
      'MAIL_UNAVAILABLE',
    );
    expect(t.cooldowns.held.size).toBe(0);
  });

  it('sets the new password with the code, ends every session and forgets the codes', async () => {
    const t = setup();
    await t.service.signUp(registration());
    await t.service.requestPasswordReset({ email: 'ada@example.test' });
    const [user] = t.users.docs.values();
    if (!user) throw new Error('no user');
    const code = t.codes.codeOf('reset', user._id);
    const confirm = (over: Record<string, string> = {}) =>
      t.service.confirmPasswordReset({
        email: 'ada@example.test',
        code,
        newPassword: 'a brand new secret',
        ...over,
      });
    expect(await errorCode(confirm({ newPassword: 'short' }))).toBe('RESET_FAILED');
    expect(await errorCode(confirm({ code: '000000' }))).toBe('RESET_FAILED');
    expect(t.sessions.revokedAll).toEqual([]);
    expect(t.keys.revokedAll).toEqual([]);
    expect(await confirm()).toEqual({ success: true, message: AUTH_MESSAGES.resetDoneEverywhere });
    expect(await t.hasher.verify('a brand new secret', user.passwordHash)).toBe(true);
    expect(user.passwordChangedAt).toEqual(t.now);
    expect(t.users.events.map((e) => e.topic)).toContain(Topic.PasswordReset);
    expect(t.sessions.revokedAll).toEqual([`${user._id}:password-reset`]);
    expect(t.keys.revokedAll).toEqual([`${user._id}:password-reset`]);
    expect(t.codes.forgotten).toEqual([user._id]);
    // The code is spent.
    expect(await errorCode(confirm({ newPassword: 'yet another secret' }))).toBe('RESET_FAILED');
  });
});

describe('AuthService sessions', () => {
  it("refreshes with the user's current facts, and ends the session of a user who is gone", async () => {
    const t = setup();
    await t.service.signUp(registration());
    const [user] = t.users.docs.values();
    if (!user) throw new Error('no user');
    const refreshed = await t.service.refresh(`good:${user._id}`);
    expect(refreshed).toMatchObject({ token: `at:ses_r:${user._id}:false`, refreshCookie: 'ses_r.next' });
    expect(refreshed.user.email).toBe('ada@example.test');
    expect(await errorCode(t.service.refresh('forged'))).toBe('SESSION_EXPIRED');
    expect(await errorCode(t.service.refresh('good:usr_gone'))).toBe('SESSION_EXPIRED');
    expect(t.sessions.revoked).toEqual(['ses_r:user-gone']);
  });

  it('signs out the session of the access token and of the cookie, once each, never a key', async () => {
    const t = setup();
    await t.service.signOut(authUser({ sessionId: 'ses_a' }), 'ses_b.rt');
    expect(t.sessions.revoked).toEqual(['ses_a:sign-out', 'ses_b:sign-out']);
    await t.service.signOut(authUser({ sessionId: 'ses_c' }), 'ses_c.rt');
    expect(t.sessions.revoked.slice(2)).toEqual(['ses_c:sign-out']);
    const viaKey = authUser({ sessionId: 'pat_1', scopes: ['artifacts:read'] });
    expect(await t.service.signOut(viaKey, undefined)).toEqual({
      success: true,
      message: AUTH_MESSAGES.signedOut,
    });
    expect(await t.service.signOut(null, 'not a cookie')).toMatchObject({ success: true });
    expect(t.sessions.revoked).toHaveLength(3);
  });

  it('answers me() for a deleted user with 401', async () => {
    const t = setup();
    expect(await errorCode(t.service.me(authUser({ id: 'usr_gone' })))).toBe('SESSION_EXPIRED');
  });
});
