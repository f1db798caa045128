/**
 * In-memory stand-ins for AuthService's collaborators, for its unit spec: each keeps the promise
 * the real one makes (the repository's, the lock's) and records what the service asked of it.
 */
import { type CooldownLock, type OutboxEntry } from '@core-vault/platform';
import { type CodeService } from '../identity/code.service';
import { type CodePurpose } from '../identity/code.schema';
import { IdentityException } from '../identity/identity.exception';
import { PasswordHasher } from '../identity/password-hasher';
import { type PersonalTokenService } from '../identity/personal-token.service';
import { type IssuedSession, type SessionService } from '../identity/session.service';
import { DuplicateEmailError, type NewUser, type UserRepository } from '../identity/user.repository';
import { type User } from '../identity/user.schema';

/** The service sees only the methods a fake gives; this is the one place that says so. */
export const as = <T>(fake: Partial<T>): T => fake as T;

/** Users in memory; like the repository, the password hash only when asked for. */
export class FakeUsers implements Partial<UserRepository> {
  readonly docs = new Map<string, User>();
  readonly events: OutboxEntry[] = [];
  /** Another sign-up with the same address wins the insert (the unique index's refusal). */
  loseInsertRace = false;
  create(user: NewUser, events: readonly OutboxEntry[]): Promise<User> {
    if (this.loseInsertRace) return Promise.reject(new DuplicateEmailError());
    const doc: User = { ...user, createdAt: new Date(0), updatedAt: new Date(0) };
    this.docs.set(user._id, doc);
    this.events.push(...events);
    return Promise.resolve({ ...doc });
  }
  findById(id: string): Promise<User | null> {
    const u = this.docs.get(id);
    return Promise.resolve(u ? { ...u, passwordHash: '' } : null);
  }
  findByEmail(email: string, withPassword = false): Promise<User | null> {
    const u = [...this.docs.values()].find((d) => d.email === email);
    return Promise.resolve(u ? { ...u, passwordHash: withPassword ? u.passwordHash : '' } : null);
  }
  existsByEmail(email: string): Promise<boolean> {
    return Promise.resolve([...this.docs.values()].some((d) => d.email === email));
  }
  recordSignIn(id: string, at: Date, events: readonly OutboxEntry[]): Promise<User | null> {
    const u = this.docs.get(id);
    if (u) u.lastLoginAt = at;
    this.events.push(...events);
    return this.findById(id);
  }
  setPassword(id: string, passwordHash: string, at: Date, events: readonly OutboxEntry[]): Promise<boolean> {
    const u = this.docs.get(id);
    if (u) Object.assign(u, { passwordHash, passwordChangedAt: at });
    this.events.push(...events);
    return Promise.resolve(u !== undefined);
  }
  updatePasswordHash(id: string, passwordHash: string): Promise<void> {
    const u = this.docs.get(id);
    if (u) u.passwordHash = passwordHash;
    return Promise.resolve();
  }
}

/** One code per purpose and user, as CodeService keeps them (its own rules have their spec). */
export class FakeCodes implements Partial<CodeService> {
  readonly mails: { purpose: CodePurpose; userId: string; passwordVerifiedAt: Date | null }[] = [];
  readonly codes = new Map<string, { code: string; passwordVerifiedAt: Date | null; used: boolean }>();
  readonly proofRefreshed: string[] = [];
  readonly forgotten: string[] = [];
  mailDown = false;
  issue(purpose: CodePurpose, user: { _id: string }, passwordVerifiedAt: Date | null = null): Promise<void> {
    if (this.mailDown) return Promise.reject(IdentityException.mailUnavailable());
    const code = String(100_000 + this.mails.length);
    this.codes.set(`${purpose}:${user._id}`, { code, passwordVerifiedAt, used: false });
    this.mails.push({ purpose, userId: user._id, passwordVerifiedAt });
    return Promise.resolve();
  }
  signInChallenge(userId: string): Promise<{ codeLive: boolean; passwordVerifiedAt: Date | null }> {
    const c = this.codes.get(`sign-in:${userId}`);
    return Promise.resolve({ codeLive: !!c && !c.used, passwordVerifiedAt: c?.passwordVerifiedAt ?? null });
  }
  verify(purpose: CodePurpose, userId: string, code: string): Promise<boolean> {
    const c = this.codes.get(`${purpose}:${userId}`);
    if (!c || c.used || c.code !== code) return Promise.resolve(false);
    c.used = true;
    return Promise.resolve(true);
  }
  refreshPasswordProof(userId: string, at: Date): Promise<void> {
    this.proofRefreshed.push(userId);
    const c = this.codes.get(`sign-in:${userId}`);
    if (c) c.passwordVerifiedAt = at;
    return Promise.resolve();
  }
  forgetAll(userId: string): Promise<void> {
    this.forgotten.push(userId);
    return Promise.resolve();
  }
  codeOf(purpose: CodePurpose, userId: string): string {
    return this.codes.get(`${purpose}:${userId}`)?.code ?? '';
  }
}

/** Sessions as the auth flows see them; SessionService's own rules have their spec. */
export class FakeSessions implements Partial<SessionService> {
  readonly started: { userId: string; isAdmin: boolean }[] = [];
  readonly revoked: string[] = [];
  readonly revokedAll: string[] = [];
  start(user: User, isAdmin: boolean): Promise<IssuedSession> {
    this.started.push({ userId: user._id, isAdmin });
    const sessionId = `ses_${this.started.length}`;
    const expiresAt = new Date(0);
    return Promise.resolve({
      sessionId,
      refreshCookie: `${sessionId}.rt`,
      accessToken: `at:${sessionId}`,
      expiresAt,
    });
  }
  /** `good:<userId>` is a genuine cookie of session ses_r; anything else the uniform 401. */
  rotate(cookie: string | undefined) {
    const userId = cookie?.startsWith('good:') ? cookie.slice(5) : undefined;
    if (!userId) return Promise.reject(IdentityException.sessionExpired());
    return Promise.resolve({
      userId,
      sessionId: 'ses_r',
      refreshCookie: 'ses_r.next',
      expiresAt: new Date(0),
    });
  }
  accessToken(user: User, isAdmin: boolean, sessionId: string): Promise<string> {
    return Promise.resolve(`at:${sessionId}:${user._id}:${isAdmin}`);
  }
  sessionOfCookie(cookie: string | undefined): Promise<string | undefined> {
    return Promise.resolve(cookie?.startsWith('ses_') ? cookie.split('.')[0] : undefined);
  }
  revoke(sessionId: string, reason: string): Promise<void> {
    this.revoked.push(`${sessionId}:${reason}`);
    return Promise.resolve();
  }
  revokeAllForUser(userId: string, reason: string): Promise<void> {
    this.revokedAll.push(`${userId}:${reason}`);
    return Promise.resolve();
  }
}

/** The cooldown lock in memory: held until released or lapsed (`lapse()`). */
export class FakeCooldowns implements Partial<CooldownLock> {
  readonly held = new Set<string>();
  claim(bucket: string, id: string) {
    const key = `${bucket}:${id}`;
    if (this.held.has(key)) return Promise.resolve({ claimed: false as const, retryAfterSeconds: 42 });
    this.held.add(key);
    return Promise.resolve({ claimed: true as const });
  }
  release(bucket: string, id: string): Promise<void> {
    this.held.delete(`${bucket}:${id}`);
    return Promise.resolve();
  }
  lapse(): void {
    this.held.clear();
  }
}

/** A real scrypt at a test cost, counting the dummy checks done for unknown addresses. */
export class CountingHasher extends PasswordHasher {
  dummies = 0;
  override verifyDummy(password: string): Promise<false> {
    this.dummies++;
    return super.verifyDummy(password);
  }
}

/** Personal access tokens as the password flows see them: every revocation of all of a user's keys, recorded. */
export class FakeKeys implements Partial<PersonalTokenService> {
  readonly revokedAll: string[] = [];

  revokeAllOf(userId: string, reason: 'password-changed' | 'password-reset'): Promise<number> {
    this.revokedAll.push(`${userId}:${reason}`);
    return Promise.resolve(1);
  }
}
