import { type Logger } from 'pino';
import { ACCOUNT_DELETION_MESSAGES as M, type AuthUser, Topic } from '@core-vault/contracts';
import {
  type Clock,
  type CooldownLock,
  type OutboxEntry,
  type OutboxRelayService,
} from '@core-vault/platform';
import { authUser, errorCode } from '@core-vault/platform/testing';
import { FakeCodes, FakeCooldowns, FakeSessions, FakeUsers, as } from '../testing/auth-fakes';
import { type AccountDeletionRepository, erasedEmail } from './account-deletion.repository';
import { AccountDeletionService } from './account-deletion.service';
import { type CodeService } from './code.service';
import { type PersonalTokenService } from './personal-token.service';
import { type SessionService } from './session.service';
import { type UserRepository } from './user.repository';
import { type User } from './user.schema';

/** The tombstone write on the fake users: every personal field replaced, the event kept with it. */
class FakeDeletion implements Partial<AccountDeletionRepository> {
  failWrite = false;
  constructor(private readonly users: FakeUsers) {}
  tombstone(userId: string, events: readonly OutboxEntry[]): Promise<boolean> {
    if (this.failWrite) return Promise.reject(new Error('mongo away'));
    const u = this.users.docs.get(userId);
    if (!u || u.email === erasedEmail(userId)) return Promise.resolve(false);
    Object.assign(u, { email: erasedEmail(userId), firstName: '', lastName: '', passwordHash: '' });
    this.users.events.push(...events);
    return Promise.resolve(true);
  }
  isTombstone(user: Pick<User, '_id' | 'email'>): boolean {
    return user.email === erasedEmail(user._id);
  }
}

async function setup(status: User['subscriptionStatus'] = 'TRIAL') {
  const users = new FakeUsers();
  const deletion = new FakeDeletion(users);
  const codes = new FakeCodes();
  const sessions = new FakeSessions();
  const cooldowns = new FakeCooldowns();
  const forgotten: string[] = [];
  let nudges = 0;
  const service = new AccountDeletionService(
    as<UserRepository>(users),
    as<AccountDeletionRepository>(deletion),
    as<CodeService>(codes),
    as<SessionService>(sessions),
    as<PersonalTokenService>({
      forgetUser: (id: string) => {
        forgotten.push(id);
        return Promise.resolve();
      },
    }),
    as<CooldownLock>(cooldowns),
    as<OutboxRelayService>({ nudge: () => void nudges++ }),
    as<Clock>({ now: () => new Date('2026-11-24T10:00:00Z') }),
    as<Logger>({ info: () => undefined }),
  );
  await users.create(
    {
      _id: 'usr_ada',
      email: 'ada@example.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      passwordHash: 'scrypt$x',
      requestedPlan: 'pro_monthly',
      subscriptionStatus: status,
      planType: 'Pro',
      isActive: status !== 'NO_SUBSCRIPTION',
      trialEnd: null,
      currentPeriodEnd: null,
      stripeCustomerId: 'cus_1',
      subscriptionId: 'sub_1',
      lastLoginAt: null,
      passwordChangedAt: null,
      billingStateAt: null,
    },
    [],
  );
  const caller: AuthUser = authUser({ id: 'usr_ada', email: 'ada@example.test' });
  return { service, users, deletion, codes, sessions, cooldowns, forgotten, caller, nudges: () => nudges };
}

describe('AccountDeletionService', () => {
  it('sends the code to the account address and says a trial will be canceled at Stripe', async () => {
    const t = await setup('TRIAL');
    expect(await t.service.requestCode(t.caller)).toEqual({
      success: true,
      message: M.codeSentTrial,
      cancels: 'trial',
    });
    expect(t.codes.mails).toEqual([
      { purpose: 'account-deletion', userId: 'usr_ada', passwordVerifiedAt: null },
    ]);
  });

  it('names a paid subscription, and nothing for an account without one', async () => {
    const paid = await setup('ACTIVE');
    expect(await paid.service.requestCode(paid.caller)).toMatchObject({
      cancels: 'subscription',
      message: M.codeSentSubscription,
    });
    const none = await setup('NO_SUBSCRIPTION');
    expect(await none.service.requestCode(none.caller)).toMatchObject({
      cancels: 'none',
      message: M.codeSent,
    });
  });

  it('keeps a second code mail within the cooldown, and frees it when the mail fails', async () => {
    const t = await setup();
    await t.service.requestCode(t.caller);
    expect(await errorCode(t.service.requestCode(t.caller))).toBe('RESEND_COOLDOWN');
    t.cooldowns.lapse();
    t.codes.mailDown = true;
    expect(await errorCode(t.service.requestCode(t.caller))).toBe('MAIL_UNAVAILABLE');
    t.codes.mailDown = false;
    await expect(t.service.requestCode(t.caller)).resolves.toMatchObject({ success: true });
  });

  it('refuses a personal access token: deleting needs the browser session', async () => {
    const t = await setup();
    const key = authUser({ id: 'usr_ada', scopes: ['artifacts:read'] });
    expect(await errorCode(t.service.requestCode(key))).toBe('INSUFFICIENT_SCOPE');
    expect(await errorCode(t.service.confirm(key, { code: '100000' }))).toBe('INSUFFICIENT_SCOPE');
  });

  it('a wrong or missing code changes nothing and the right one still works after it', async () => {
    const t = await setup();
    await t.service.requestCode(t.caller);
    expect(await errorCode(t.service.confirm(t.caller, { code: '999999' }))).toBe('INVALID_CODE');
    expect(await errorCode(t.service.confirm(t.caller, {}))).toBe('INVALID_CODE');
    expect(t.users.docs.get('usr_ada')?.email).toBe('ada@example.test');
    expect(t.users.events).toEqual([]);
    expect(t.sessions.revokedAll).toEqual([]);
    const code = t.codes.codeOf('account-deletion', 'usr_ada');
    await expect(t.service.confirm(t.caller, { code })).resolves.toEqual({
      success: true,
      message: M.deleted,
    });
  });

  it('the right code erases the person and records identity.user-deleted.v1 in the same write', async () => {
    const t = await setup();
    await t.service.requestCode(t.caller);
    await t.service.confirm(t.caller, { code: t.codes.codeOf('account-deletion', 'usr_ada') });
    const doc = t.users.docs.get('usr_ada');
    expect(doc).toMatchObject({
      email: erasedEmail('usr_ada'),
      firstName: '',
      lastName: '',
      passwordHash: '',
    });
    expect(t.users.events).toHaveLength(1);
    expect(t.users.events[0]).toMatchObject({
      topic: Topic.UserDeleted,
      envelope: {
        key: 'usr_ada',
        data: { userId: 'usr_ada', email: 'ada@example.test', deletedAt: '2026-11-24T10:00:00.000Z' },
      },
    });
    expect(t.nudges()).toBe(1);
    expect(t.sessions.revokedAll).toEqual(['usr_ada:account-deleted']);
    expect(t.forgotten).toEqual(['usr_ada']);
  });

  it('a failed write leaves the account and its sessions as they were, to be tried again', async () => {
    const t = await setup();
    await t.service.requestCode(t.caller);
    t.deletion.failWrite = true;
    await expect(
      t.service.confirm(t.caller, { code: t.codes.codeOf('account-deletion', 'usr_ada') }),
    ).rejects.toThrow('mongo away');
    expect(t.users.docs.get('usr_ada')?.email).toBe('ada@example.test');
    expect(t.users.events).toEqual([]);
    expect(t.sessions.revokedAll).toEqual([]);
    expect(t.forgotten).toEqual([]);
  });

  it('a deleted account cannot ask again: its session is over', async () => {
    const t = await setup();
    await t.service.requestCode(t.caller);
    await t.service.confirm(t.caller, { code: t.codes.codeOf('account-deletion', 'usr_ada') });
    t.cooldowns.lapse();
    expect(await errorCode(t.service.requestCode(t.caller))).toBe('SESSION_EXPIRED');
    expect(t.users.events).toHaveLength(1);
  });
});
