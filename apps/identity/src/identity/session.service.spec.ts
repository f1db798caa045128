import { type Logger } from 'pino';
import { type AuthUser } from '@core-vault/contracts';
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
const GRACE_SECONDS = 20;
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
  setUserAgent(id: string, userAgent: string): Promise<void> {
    const s = this.docs.get(id);
    if (s) s.userAgent = userAgent;
    return Promise.resolve();
  }
  findLiveByUser(userId: string, now: Date): Promise<Session[]> {
    return Promise.resolve(
      [...this.docs.values()].filter((s) => s.userId === userId && !s.revokedAt && s.expiresAt > now),
    );
  }
  revoke(id: string, reason: string, now: Date): Promise<boolean> {
    const s = this.docs.get(id);
    if (!s || s.revokedAt) return Promise.resolve(false);
    Object.assign(s, { revokedAt: now, revokedReason: reason });
    return Promise.resolve(true);
  }
  revokeOwned(id: string, userId: string, reason: string, now: Date): Promise<boolean> {
    return this.docs.get(id)?.userId === userId ? this.revoke(id, reason, now) : Promise.resolve(false);
  }
  revokeAllForUser(userId: string, reason: string, now: Date, keepId?: string): Promise<string[]> {
    const live = [...this.docs.values()].filter(
      (s) => s.userId === userId && !s.revokedAt && s._id !== keepId,
    );
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
    as<IdentityConfig>({ SESSION_TTL_DAYS: TTL_DAYS, SESSION_REFRESH_GRACE_SECONDS: GRACE_SECONDS }),
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

  it('gives refreshes racing with one token, within the grace window, the same successor', async () => {
    const t = setup();
    const issued = await t.service.start(user, false);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.service.rotate(issued.refreshCookie)),
    );
    const cookies = new Set(results.map((r) => r.refreshCookie));
    expect(cookies.size).toBe(1);
    // A tab whose request arrives late, still inside the window, converges too.
    t.later(GRACE_SECONDS * 1000);
    expect((await t.service.rotate(issued.refreshCookie)).refreshCookie).toBe(results[0]?.refreshCookie);
    expect(t.sessions.docs.get(issued.sessionId)?.revokedAt).toBeNull();
    expect(t.marked).toEqual([]);
    // The shared successor rotates on as usual.
    const next = await t.service.rotate(results[0]?.refreshCookie);
    expect(next.refreshCookie).not.toBe(results[0]?.refreshCookie);
  });

  it('grants the grace only to the direct predecessor of the current token', async () => {
    const t = setup();
    const issued = await t.service.start(user, false);
    const first = await t.service.rotate(issued.refreshCookie);
    await t.service.rotate(first.refreshCookie);
    // Two rotations old, even a second later: reuse.
    t.later(1000);
    expect(await errorCode(t.service.rotate(issued.refreshCookie))).toBe('SESSION_EXPIRED');
    expect(t.sessions.docs.get(issued.sessionId)?.revokedReason).toBe('refresh-token-reuse');
  });

  it('takes a rotated token seen again after the window for theft: the whole family dies, access tokens included', async () => {
    const t = setup();
    const issued = await t.service.start(user, false);
    const current = await t.service.rotate(issued.refreshCookie);
    t.later(GRACE_SECONDS * 1000 + 1);
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

  describe('session management (/account)', () => {
    const caller = (sessionId: string): AuthUser => as<AuthUser>({ id: 'u1', sessionId });

    it('lists live sessions with browser, device and last use, this one marked', async () => {
      const t = setup();
      const chrome =
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
      const a = await t.service.start(user, false);
      await t.service.recordUserAgent(a.sessionId, chrome);
      await t.service.recordUserAgent(a.sessionId, undefined);
      const b = await t.service.start(user, false);
      const ended = await t.service.start(user, false);
      await t.service.revoke(ended.sessionId, 'sign-out');
      await t.service.start(as<User>({ ...user, _id: 'u2' }), false);
      t.later(60_000);
      await t.service.rotate(b.refreshCookie);
      const { sessions } = await t.service.list(caller(a.sessionId));
      expect(sessions.map((s) => s.id).sort()).toEqual([a.sessionId, b.sessionId].sort());
      const mine = sessions.find((s) => s.id === a.sessionId);
      expect(mine).toMatchObject({ browser: 'Chrome', device: 'macOS', current: true });
      expect(mine?.lastUsedAt).toBe(mine?.createdAt);
      const other = sessions.find((s) => s.id === b.sessionId);
      expect(other).toMatchObject({ browser: 'Unknown browser', device: 'Unknown device', current: false });
      expect(other?.lastUsedAt).toBe(t.now().toISOString());
    });

    it("ends one of the caller's sessions; someone else's or an ended one is not found", async () => {
      const t = setup();
      const a = await t.service.start(user, false);
      const b = await t.service.start(user, false);
      const theirs = await t.service.start(as<User>({ ...user, _id: 'u2' }), false);
      expect(await t.service.end(caller(a.sessionId), b.sessionId)).toEqual({
        success: true,
        message: 'Session ended.',
      });
      expect(t.marked).toEqual([`${b.sessionId}:ended-by-user`]);
      expect(await errorCode(t.service.rotate(b.refreshCookie))).toBe('SESSION_EXPIRED');
      for (const id of [b.sessionId, theirs.sessionId, 'ses_nope'])
        expect(await errorCode(t.service.end(caller(a.sessionId), id))).toBe('SESSION_NOT_FOUND');
      expect((await t.service.rotate(theirs.refreshCookie)).userId).toBe('u2');
    });

    it('signs out every other session and keeps this one', async () => {
      const t = setup();
      const a = await t.service.start(user, false);
      const b = await t.service.start(user, false);
      const c = await t.service.start(user, false);
      expect((await t.service.signOutOthers(caller(a.sessionId))).message).toBe(
        'Signed out of all other sessions.',
      );
      expect(t.marked.sort()).toEqual(
        [`${b.sessionId}:signed-out-elsewhere`, `${c.sessionId}:signed-out-elsewhere`].sort(),
      );
      expect((await t.service.rotate(a.refreshCookie)).userId).toBe('u1');
      await t.service.revokeOthers('u1', a.sessionId, 'password-changed');
      expect(t.marked).toHaveLength(2);
    });

    it('refuses personal access tokens', async () => {
      const t = setup();
      const key = as<AuthUser>({ ...caller('ses_x'), scopes: ['artifacts:read'] });
      for (const attempt of [t.service.list(key), t.service.signOutOthers(key), t.service.end(key, 'ses_x')])
        expect(await errorCode(attempt)).toBe('INSUFFICIENT_SCOPE');
    });
  });
});
