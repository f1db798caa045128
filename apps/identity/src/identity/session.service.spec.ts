import { type Logger } from 'pino';
import { type AccessTokenSigner, type Clock } from '@core-vault/platform';
import { errorCode } from '@core-vault/platform/testing';
import { type IdentityConfig } from '../config';
import { type RevokedSessions } from './revoked-sessions';
import { SecretHasher } from './secrets';
import { type SessionRepository } from './session.repository';
import { type Session } from './session.schema';
import { SessionService } from './session.service';
import { type User } from './user.schema';

/** The service sees only the methods a fake gives; this is the one place that says so. */
const as = <T>(fake: Partial<T>): T => fake as T;

const DAY = 86_400_000;
const TTL_DAYS = 30;
const user = as<User>({
  _id: 'u1',
  email: 'u1@example.test',
  subscriptionStatus: 'TRIAL',
  planType: 'Pro',
  isActive: true,
});

/** Sessions in memory, with the repository's guarantee: a rotation swaps only the current token of a live family. */
class FakeSessions implements Partial<SessionRepository> {
  readonly docs = new Map<string, Session>();
  create(session: Session): Promise<void> {
    this.docs.set(session._id, { ...session, usedTokenHashes: [...session.usedTokenHashes] });
    return Promise.resolve();
  }
  findById(id: string): Promise<Session | null> {
    const s = this.docs.get(id);
    return Promise.resolve(s ? { ...s, usedTokenHashes: [...s.usedTokenHashes] } : null);
  }
  rotate(id: string, currentHash: string, nextHash: string, now: Date): Promise<Session | null> {
    const s = this.docs.get(id);
    if (!s || s.tokenHash !== currentHash || s.revokedAt || s.expiresAt <= now) return Promise.resolve(null);
    s.usedTokenHashes.push(currentHash);
    s.tokenHash = nextHash;
    s.lastRefreshedAt = now;
    return this.findById(id);
  }
  revoke(id: string, reason: string, now: Date): Promise<void> {
    const s = this.docs.get(id);
    if (s && !s.revokedAt) Object.assign(s, { revokedAt: now, revokedReason: reason });
    return Promise.resolve();
  }
  revokeAllForUser(userId: string, reason: string, now: Date): Promise<string[]> {
    const live = [...this.docs.values()].filter((s) => s.userId === userId && !s.revokedAt);
    for (const s of live) Object.assign(s, { revokedAt: now, revokedReason: reason });
    return Promise.resolve(live.map((s) => s._id));
  }
}

function setup() {
  let now = new Date('2026-11-24T10:00:00Z');
  const sessions = new FakeSessions();
  const marked: string[] = [];
  const warnings: string[] = [];
  const service = new SessionService(
    as<SessionRepository>(sessions),
    new SecretHasher('unit-test-key'),
    // Signing is the signer's business (specified with it); here the claims, readable.
    as<AccessTokenSigner>({
      sign: (claims: { sub: string; sid: string; adm: boolean }, at: number) =>
        Promise.resolve(`${claims.sub}|${claims.sid}|${claims.adm}|${at}`),
    }),
    as<RevokedSessions>({
      mark: (ids: readonly string[], reason: string) =>
        Promise.resolve(void marked.push(...ids.map((id) => `${id}:${reason}`))),
    }),
    as<IdentityConfig>({ SESSION_TTL_DAYS: TTL_DAYS }),
    as<Clock>({ now: () => now }),
    as<Logger>({ warn: (...args: unknown[]) => void warnings.push(String(args[1])) }),
  );
  return {
    service,
    sessions,
    marked,
    warnings,
    now: () => now,
    later: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
}

describe('SessionService', () => {
  it('starts a session: a signed access token, a cookie whose token is stored only as a keyed hash', async () => {
    const t = setup();
    const issued = await t.service.start(user, false);
    const [sessionId, token] = issued.refreshCookie.split('.');
    expect(sessionId).toBe(issued.sessionId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued.accessToken).toBe(`u1|${issued.sessionId}|false|${t.now().getTime()}`);
    expect(issued.expiresAt).toEqual(new Date(t.now().getTime() + TTL_DAYS * DAY));
    const stored = t.sessions.docs.get(issued.sessionId);
    expect(stored).toMatchObject({ userId: 'u1', revokedAt: null, usedTokenHashes: [] });
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await t.service.start(user, true)).accessToken).toContain('|true|');
  });

  it('rotates: the new cookie works once, the old one no longer', async () => {
    const t = setup();
    const issued = await t.service.start(user, false);
    const first = await t.service.rotate(issued.refreshCookie);
    expect(first).toMatchObject({ userId: 'u1', sessionId: issued.sessionId, expiresAt: issued.expiresAt });
    expect(first.refreshCookie).not.toBe(issued.refreshCookie);
    const second = await t.service.rotate(first.refreshCookie);
    expect(second.refreshCookie).not.toBe(first.refreshCookie);
  });

  it('takes a rotated token seen again for theft: the whole family dies, access tokens included', async () => {
    const t = setup();
    const issued = await t.service.start(user, false);
    const current = await t.service.rotate(issued.refreshCookie);
    expect(await errorCode(t.service.rotate(issued.refreshCookie))).toBe('SESSION_EXPIRED');
    expect(t.sessions.docs.get(issued.sessionId)?.revokedReason).toBe('refresh-token-reuse');
    expect(t.marked).toEqual([`${issued.sessionId}:refresh-token-reuse`]);
    expect(t.warnings).toEqual(['refresh token reuse; session family revoked']);
    // The thief's copy and the owner's are both dead now.
    expect(await errorCode(t.service.rotate(current.refreshCookie))).toBe('SESSION_EXPIRED');
  });

  it('answers every other failure with the same 401 and revokes nothing', async () => {
    const t = setup();
    const issued = await t.service.start(user, false);
    const forged = `${issued.sessionId}.${'A'.repeat(43)}`;
    for (const cookie of [undefined, '', 'garbage', `ses_unknown.${'A'.repeat(43)}`, forged])
      expect(await errorCode(t.service.rotate(cookie))).toBe('SESSION_EXPIRED');
    expect(t.sessions.docs.get(issued.sessionId)?.revokedAt).toBeNull();
    expect(t.marked).toEqual([]);
    // A guessed token must not let anyone end someone else's session either: it still works.
    expect((await t.service.rotate(issued.refreshCookie)).userId).toBe('u1');
  });

  it(`refuses a refresh after ${TTL_DAYS} days and after revocation`, async () => {
    const t = setup();
    const old = await t.service.start(user, false);
    t.later(TTL_DAYS * DAY);
    expect(await errorCode(t.service.rotate(old.refreshCookie))).toBe('SESSION_EXPIRED');
    const ended = await t.service.start(user, false);
    await t.service.revoke(ended.sessionId, 'sign-out');
    expect(await errorCode(t.service.rotate(ended.refreshCookie))).toBe('SESSION_EXPIRED');
    expect(t.marked).toEqual([`${ended.sessionId}:sign-out`]);
  });

  it('names the session of a genuine cookie, current or rotated, and of nothing else', async () => {
    const t = setup();
    const issued = await t.service.start(user, false);
    const rotated = await t.service.rotate(issued.refreshCookie);
    expect(await t.service.sessionOfCookie(rotated.refreshCookie)).toBe(issued.sessionId);
    expect(await t.service.sessionOfCookie(issued.refreshCookie)).toBe(issued.sessionId);
    expect(await t.service.sessionOfCookie(`${issued.sessionId}.${'A'.repeat(43)}`)).toBeUndefined();
    expect(await t.service.sessionOfCookie('garbage')).toBeUndefined();
    expect(await t.service.sessionOfCookie(undefined)).toBeUndefined();
  });

  it("ends every live session of one user, and only that user's", async () => {
    const t = setup();
    const a = await t.service.start(user, false);
    const b = await t.service.start(user, false);
    const other = await t.service.start(as<User>({ ...user, _id: 'u2' }), false);
    await t.service.revokeAllForUser('u1', 'password-reset');
    expect(t.marked.sort()).toEqual(
      [`${a.sessionId}:password-reset`, `${b.sessionId}:password-reset`].sort(),
    );
    expect(await errorCode(t.service.rotate(a.refreshCookie))).toBe('SESSION_EXPIRED');
    expect((await t.service.rotate(other.refreshCookie)).userId).toBe('u2');
  });
});
