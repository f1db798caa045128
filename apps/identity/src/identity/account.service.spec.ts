import { type Logger } from 'pino';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, type AuthUser, Topic } from '@core-vault/contracts';
import {
  type Clock,
  type CooldownLock,
  type OutboxEntry,
  type OutboxRelayService,
} from '@core-vault/platform';
import { authUser, errorCode } from '@core-vault/platform/testing';
import { FakeCodes, FakeCooldowns, FakeKeys, FakeSessions, FakeUsers, as } from '../testing/auth-fakes';
import { AccountService } from './account.service';
import { type CodeService } from './code.service';
import { type CodePurpose } from './code.schema';
import { PasswordHasher } from './password-hasher';
import { type PersonalTokenService } from './personal-token.service';
import { type SessionService } from './session.service';
import { DuplicateEmailError, type UserRepository } from './user.repository';
import { type User } from './user.schema';

const PASSWORD = 'correct horse battery';

/** The repository's account-settings writes, on top of the auth flows' fake. */
class AccountUsers extends FakeUsers {
  /** Someone else takes the address between the check and the write (the unique index refuses). */
  loseEmailRace = false;
  override findById(id: string, withPassword = false): Promise<User | null> {
    const u = this.docs.get(id);
    return Promise.resolve(u ? { ...u, passwordHash: withPassword ? u.passwordHash : '' } : null);
  }
  updateName(id: string, name: Pick<User, 'firstName' | 'lastName'>, events: readonly OutboxEntry[]) {
    const u = this.docs.get(id);
    if (u) Object.assign(u, name);
    this.events.push(...events);
    return this.findById(id);
  }
  changeEmail(id: string, email: string, events: readonly OutboxEntry[]): Promise<User | null> {
    if (this.loseEmailRace) return Promise.reject(new DuplicateEmailError());
    const u = this.docs.get(id);
    if (u) u.email = email;
    this.events.push(...events);
    return this.findById(id);
  }
}

/** Codes that remember the address an e-mail change code went to. */
class AccountCodes extends FakeCodes {
  readonly sentTo: { purpose: CodePurpose; to: string }[] = [];
  override issue(purpose: CodePurpose, user: { _id: string; email: string }, at: Date | null = null) {
    this.sentTo.push({ purpose, to: user.email });
    return super.issue(purpose, user, at);
  }
  async verifyEmailChange(userId: string, code: string): Promise<string | null> {
    if (!(await this.verify('email-change', userId, code))) return null;
    return [...this.sentTo].reverse().find((m) => m.purpose === 'email-change')?.to ?? null;
  }
}

class AccountSessions extends FakeSessions {
  readonly revokedOthers: string[] = [];
  revokeOthers(userId: string, keepSessionId: string, reason: string): Promise<void> {
    this.revokedOthers.push(`${userId}:${keepSessionId}:${reason}`);
    return Promise.resolve();
  }
}

async function setup() {
  const now = new Date('2026-11-24T10:00:00Z');
  const users = new AccountUsers();
  const codes = new AccountCodes();
  const sessions = new AccountSessions();
  const cooldowns = new FakeCooldowns();
  const hasher = new PasswordHasher(10);
  const keys = new FakeKeys();
  let nudges = 0;
  const service = new AccountService(
    as<UserRepository>(users),
    as<CodeService>(codes),
    as<SessionService>(sessions),
    hasher,
    as<CooldownLock>(cooldowns),
    as<OutboxRelayService>({ nudge: () => void nudges++ }),
    as<PersonalTokenService>(keys),
    as<Clock>({ now: () => now }),
    as<Logger>({ info: () => undefined }),
  );
  await users.create(
    {
      _id: 'usr_ada',
      email: 'ada@example.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      passwordHash: await hasher.hash(PASSWORD),
      requestedPlan: 'pro_monthly',
      subscriptionStatus: 'TRIAL',
      planType: 'Pro',
      isActive: true,
      trialEnd: null,
      currentPeriodEnd: null,
      stripeCustomerId: null,
      subscriptionId: null,
      lastLoginAt: null,
      passwordChangedAt: null,
      billingStateAt: null,
    },
    [],
  );
  const ada: AuthUser = authUser({ id: 'usr_ada', email: 'ada@example.test', sessionId: 'ses_here' });
  return { service, users, codes, sessions, cooldowns, keys, hasher, now, ada, nudges: () => nudges };
}

describe('AccountService profile and name', () => {
  it('shows the name and e-mail', async () => {
    const t = await setup();
    await expect(t.service.profile(t.ada)).resolves.toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.test',
    });
  });

  it('changes the name with the profile event in the same write', async () => {
    const t = await setup();
    const profile = await t.service.updateName(t.ada, { firstName: ' Augusta ', lastName: 'King' });
    expect(profile).toEqual({ firstName: 'Augusta', lastName: 'King', email: 'ada@example.test' });
    expect(t.users.events.map((e) => e.topic)).toEqual([Topic.ProfileUpdated]);
    expect(t.users.events[0]?.envelope).toMatchObject({
      key: 'usr_ada',
      data: { userId: 'usr_ada', firstName: 'Augusta', lastName: 'King', changed: ['name'] },
    });
    expect(t.nudges()).toBe(1);
  });

  it('refuses a blank name with the message, and records nothing for an unchanged one', async () => {
    const t = await setup();
    await expect(t.service.updateName(t.ada, { firstName: '  ', lastName: 'King' })).rejects.toMatchObject({
      message: ACCOUNT_MESSAGES.nameRequired,
    });
    await t.service.updateName(t.ada, { firstName: 'Ada', lastName: 'Lovelace' });
    expect(t.users.events).toEqual([]);
  });

  it('refuses a personal access token: settings need the browser session', async () => {
    const t = await setup();
    const key = { ...t.ada, scopes: ['artifacts:read' as const] };
    expect(await errorCode(t.service.updateName(key, { firstName: 'X', lastName: 'Y' }))).toBe(
      'INSUFFICIENT_SCOPE',
    );
  });
});

describe('AccountService e-mail change', () => {
  it('sends the code to the new address and moves the account when it comes back', async () => {
    const t = await setup();
    const sent = await t.service.requestEmailChange(t.ada, {
      newEmail: ' Augusta@Example.TEST ',
      currentPassword: PASSWORD,
    });
    expect(sent.message).toBe(ACCOUNT_MESSAGES.emailCodeSent);
    expect(t.codes.sentTo).toEqual([{ purpose: 'email-change', to: 'augusta@example.test' }]);
    const code = t.codes.codeOf('email-change', 'usr_ada');
    const profile = await t.service.confirmEmailChange(t.ada, { code });
    expect(profile.email).toBe('augusta@example.test');
    expect(t.users.docs.get('usr_ada')?.email).toBe('augusta@example.test');
    expect(t.users.events[0]?.envelope).toMatchObject({
      data: { email: 'augusta@example.test', changed: ['email'] },
    });
  });

  it('answers 409 with the message when the new address belongs to another account', async () => {
    const t = await setup();
    await t.users.create({ ...t.users.docs.get('usr_ada')!, _id: 'usr_bob', email: 'bob@example.test' }, []);
    const attempt = t.service.requestEmailChange(t.ada, {
      newEmail: 'bob@example.test',
      currentPassword: PASSWORD,
    });
    await expect(attempt).rejects.toMatchObject({ status: 409, message: ACCOUNT_MESSAGES.emailTaken });
    expect(t.codes.sentTo).toEqual([]);
  });

  it('answers 409 when the address is taken between the code and its confirmation', async () => {
    const t = await setup();
    await t.service.requestEmailChange(t.ada, { newEmail: 'new@example.test', currentPassword: PASSWORD });
    t.users.loseEmailRace = true;
    const code = t.codes.codeOf('email-change', 'usr_ada');
    expect(await errorCode(t.service.confirmEmailChange(t.ada, { code }))).toBe('EMAIL_TAKEN');
  });

  it('needs the current password, a valid and different address', async () => {
    const t = await setup();
    const ask = (newEmail: string, currentPassword = PASSWORD) =>
      t.service.requestEmailChange(t.ada, { newEmail, currentPassword });
    await expect(ask('new@example.test', 'wrong password')).rejects.toMatchObject({
      status: 400,
      message: ACCOUNT_MESSAGES.wrongPassword,
    });
    await expect(ask('not-an-address')).rejects.toMatchObject({ message: AUTH_MESSAGES.invalidEmail });
    await expect(ask('ADA@example.test')).rejects.toMatchObject({ message: ACCOUNT_MESSAGES.emailUnchanged });
    await expect(ask('')).rejects.toMatchObject({ message: AUTH_MESSAGES.fillAllFields });
    expect(t.codes.sentTo).toEqual([]);
  });

  it('refuses a wrong code and keeps the address', async () => {
    const t = await setup();
    await t.service.requestEmailChange(t.ada, { newEmail: 'new@example.test', currentPassword: PASSWORD });
    await expect(t.service.confirmEmailChange(t.ada, { code: '000000' })).rejects.toMatchObject({
      status: 400,
      message: ACCOUNT_MESSAGES.emailCodeInvalid,
    });
    expect(t.users.docs.get('usr_ada')?.email).toBe('ada@example.test');
  });

  it('sends at most one code a minute, and gives the minute back when the mail fails', async () => {
    const t = await setup();
    t.codes.mailDown = true;
    const ask = () =>
      t.service.requestEmailChange(t.ada, { newEmail: 'new@example.test', currentPassword: PASSWORD });
    expect(await errorCode(ask())).toBe('MAIL_UNAVAILABLE');
    t.codes.mailDown = false;
    await ask();
    expect(await errorCode(ask())).toBe('RESEND_COOLDOWN');
  });
});

describe('AccountService password change', () => {
  it('sets the new password, ends every other session (keeping this one) and revokes every key', async () => {
    const t = await setup();
    const result = await t.service.changePassword(t.ada, {
      currentPassword: PASSWORD,
      newPassword: 'a brand new secret',
    });
    expect(result.message).toBe(ACCOUNT_MESSAGES.passwordChanged);
    const stored = t.users.docs.get('usr_ada')!;
    await expect(t.hasher.verify('a brand new secret', stored.passwordHash)).resolves.toBe(true);
    expect(stored.passwordChangedAt).toEqual(t.now);
    expect(t.sessions.revokedOthers).toEqual(['usr_ada:ses_here:password-changed']);
    expect(t.keys.revokedAll).toEqual(['usr_ada:password-changed']);
  });

  it('refuses a wrong current password with a clear 400 and changes nothing', async () => {
    const t = await setup();
    const attempt = t.service.changePassword(t.ada, {
      currentPassword: 'not it at all',
      newPassword: 'whatever123',
    });
    await expect(attempt).rejects.toMatchObject({ status: 400, message: ACCOUNT_MESSAGES.wrongPassword });
    await expect(t.hasher.verify(PASSWORD, t.users.docs.get('usr_ada')!.passwordHash)).resolves.toBe(true);
    expect(t.sessions.revokedOthers).toEqual([]);
    expect(t.keys.revokedAll).toEqual([]);
  });

  it('keeps the sign-up rules: 8 characters, both fields, and a different password', async () => {
    const t = await setup();
    const change = (currentPassword: string, newPassword: string) =>
      t.service.changePassword(t.ada, { currentPassword, newPassword });
    await expect(change(PASSWORD, 'short')).rejects.toMatchObject({
      message: AUTH_MESSAGES.passwordTooShort,
    });
    await expect(change('', 'long enough')).rejects.toMatchObject({ message: AUTH_MESSAGES.fillAllFields });
    await expect(change(PASSWORD, PASSWORD)).rejects.toMatchObject({
      message: ACCOUNT_MESSAGES.passwordSame,
    });
    expect(t.sessions.revokedOthers).toEqual([]);
  });
});
