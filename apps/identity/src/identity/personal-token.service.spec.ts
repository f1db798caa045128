import { type AuthUser, MAX_PERSONAL_TOKENS_PER_USER, PERSONAL_TOKEN_PATTERN } from '@core-vault/contracts';
import { AppException, type PersonalTokenOwner, hashPersonalToken } from '@core-vault/platform';
import { type PersonalTokenProjection } from './personal-token.projection';
import { type PersonalTokenRepository } from './personal-token.repository';
import { type PersonalTokenDoc } from './personal-token.schema';
import { PersonalTokenService } from './personal-token.service';
import { type UserRepository } from './user.repository';
import { type User } from './user.schema';
import { authUser } from '@core-vault/platform/testing';

/** The service sees only the methods a fake gives; this is the one place that says so. */
const as = <T>(fake: Partial<T>): T => fake as T;

const NOW = new Date('2026-11-24T12:00:00Z');
const caller = authUser({ sessionId: 'ses_1' });
const viaKey: AuthUser = { ...caller, sessionId: 'pat_x', scopes: ['artifacts:read', 'artifacts:write'] };

class FakeTokens implements Partial<PersonalTokenRepository> {
  readonly docs: PersonalTokenDoc[] = [];
  /** The repository's promise: stored only while fewer than `max` of the owner's keys are live. */
  createWithinLimit(doc: PersonalTokenDoc, max: number, now: Date): Promise<boolean> {
    const live = this.docs.filter(
      (d) => d.userId === doc.userId && !d.revokedAt && (!d.expiresAt || d.expiresAt > now),
    );
    if (live.length >= max) return Promise.resolve(false);
    this.docs.push(doc);
    return Promise.resolve(true);
  }
  listForUser(userId: string): Promise<PersonalTokenDoc[]> {
    return Promise.resolve(this.docs.filter((d) => d.userId === userId).reverse());
  }
  findForUser(id: string, userId: string): Promise<PersonalTokenDoc | null> {
    return Promise.resolve(this.docs.find((d) => d._id === id && d.userId === userId) ?? null);
  }
  revoke(key: Pick<PersonalTokenDoc, '_id'>, reason: string, at: Date): Promise<void> {
    const doc = this.docs.find((d) => d._id === key._id && !d.revokedAt);
    if (doc) Object.assign(doc, { revokedAt: at, revokedReason: reason });
    return Promise.resolve();
  }
  revokeAllForUser(userId: string, reason: string, at: Date): Promise<string[]> {
    const victims = this.docs.filter((d) => d.userId === userId && !d.revokedAt);
    for (const d of victims) Object.assign(d, { revokedAt: at, revokedReason: reason });
    return Promise.resolve(victims.map((d) => d.tokenHash));
  }
}

class FakeProjection implements Partial<PersonalTokenProjection> {
  readonly records = new Map<string, PersonalTokenDoc>();
  readonly owners = new Set<string>();
  readonly uses = new Map<string, Date>();
  writeToken(doc: PersonalTokenDoc): Promise<void> {
    this.records.set(doc.tokenHash, doc);
    return Promise.resolve();
  }
  ownerFacts(user: User): PersonalTokenOwner {
    return {
      email: user.email,
      adm: false,
      act: user.isActive,
      plan: user.planType,
      sts: user.subscriptionStatus,
    };
  }
  writeOwner(user: User): Promise<void> {
    this.owners.add(user._id);
    return Promise.resolve();
  }
  removeToken(doc: Pick<PersonalTokenDoc, 'tokenHash'>): Promise<void> {
    this.records.delete(doc.tokenHash);
    return Promise.resolve();
  }
  removeOwner(userId: string, hashes: readonly string[]): Promise<void> {
    this.owners.delete(userId);
    for (const h of hashes) this.records.delete(h);
    return Promise.resolve();
  }
  lastUsed(ids: readonly string[]): Promise<Map<string, Date>> {
    return Promise.resolve(new Map([...this.uses].filter(([id]) => ids.includes(id))));
  }
}

const member = (id: string, planType: User['planType'], subscriptionStatus: User['subscriptionStatus']) =>
  as<User>({ _id: id, email: `${id}@example.test`, isActive: true, planType, subscriptionStatus });
const USERS: Record<string, User> = {
  u1: member('u1', 'Pro', 'TRIAL'),
  biz: member('biz', 'Business', 'ACTIVE'),
  lapsed: member('lapsed', 'Business', 'CANCELED'),
};

function setUp() {
  const tokens = new FakeTokens();
  const projection = new FakeProjection();
  const users = as<UserRepository>({
    findById: (id: string) => Promise.resolve(USERS[id] ?? null),
  });
  const service = new PersonalTokenService(
    as<PersonalTokenRepository>(tokens),
    users,
    as<PersonalTokenProjection>(projection),
    { now: () => NOW },
  );
  return { tokens, projection, service };
}

async function failure(promise: Promise<unknown>): Promise<[number, string] | undefined> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppException) return [err.getStatus(), err.code];
    throw err;
  }
  return undefined;
}

describe('PersonalTokenService', () => {
  it('shows the secret once and stores only its hash, projected for the guards', async () => {
    const { tokens, projection, service } = setUp();
    const created = await service.create(caller, {
      name: 'extension',
      scopes: ['artifacts:write'],
      expiresInDays: 30,
    });
    expect(created.token).toMatch(PERSONAL_TOKEN_PATTERN);
    expect(created.token).toMatch(/^cvpat_[A-Za-z0-9_-]{43}$/);
    const stored = tokens.docs[0];
    expect(stored?.tokenHash).toBe(hashPersonalToken(created.token));
    expect(JSON.stringify(stored)).not.toContain(created.token);
    expect(created.personalToken).toMatchObject({
      name: 'extension',
      prefix: created.token.slice(0, 'cvpat_'.length + 4),
      scopes: ['artifacts:write'],
      expiresAt: new Date(NOW.getTime() + 30 * 86_400_000).toISOString(),
      lastUsedAt: null,
    });
    expect(projection.records.has(hashPersonalToken(created.token))).toBe(true);
    expect(projection.owners.has('u1')).toBe(true);
    const listed = await service.list(caller);
    expect(JSON.stringify(listed)).not.toContain(created.token);
  });

  it('keeps a key without expiry until it is revoked', async () => {
    const { service } = setUp();
    const created = await service.create(caller, { name: 'api', scopes: ['artifacts:read'] });
    expect(created.personalToken.expiresAt).toBeNull();
  });

  it(`refuses a key beyond ${MAX_PERSONAL_TOKENS_PER_USER} live ones, and counts revoked ones out`, async () => {
    const { service } = setUp();
    const made = [];
    for (let i = 0; i < MAX_PERSONAL_TOKENS_PER_USER; i++)
      made.push(await service.create(caller, { name: `k${i}`, scopes: ['artifacts:read'] }));
    expect(await failure(service.create(caller, { name: 'one more', scopes: ['artifacts:read'] }))).toEqual([
      409,
      'TOO_MANY_TOKENS',
    ]);
    await service.revoke(caller, made[0]?.personalToken.id ?? '');
    expect(
      await failure(service.create(caller, { name: 'one more', scopes: ['artifacts:read'] })),
    ).toBeUndefined();
  });

  it('gives the collections and analytics scopes to api_access (Business) only, with a clear 403', async () => {
    const { service } = setUp();
    for (const scope of ['collections:read', 'collections:write', 'analytics:read'] as const) {
      const body = { name: 'api', scopes: ['artifacts:read' as const, scope] };
      expect(await failure(service.create(caller, body))).toEqual([403, 'FEATURE_NOT_AVAILABLE']);
      const lapsed = authUser({ id: 'lapsed', sessionId: 'ses_l' });
      expect(await failure(service.create(lapsed, body))).toEqual([403, 'FEATURE_NOT_AVAILABLE']);
      const made = await service.create(authUser({ id: 'biz', sessionId: 'ses_b' }), body);
      expect(made.personalToken.scopes).toEqual(['artifacts:read', scope]);
    }
    const refusal = await service
      .create(caller, { name: 'api', scopes: ['analytics:read'] })
      .catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(AppException);
    expect(refusal instanceof AppException && refusal.message).toMatch(/Business plan/);
    // The extension's scopes need no Business plan.
    expect(
      await failure(service.create(caller, { name: 'ext', scopes: ['artifacts:read', 'artifacts:write'] })),
    ).toBeUndefined();
  });

  it('lets no personal access token manage keys', async () => {
    const { service } = setUp();
    const body = { name: 'from a key', scopes: ['artifacts:read' as const] };
    expect(await failure(service.create(viaKey, body))).toEqual([403, 'INSUFFICIENT_SCOPE']);
    expect(await failure(service.list(viaKey))).toEqual([403, 'INSUFFICIENT_SCOPE']);
    expect(await failure(service.revoke(viaKey, 'pat_any'))).toEqual([403, 'INSUFFICIENT_SCOPE']);
  });

  it("revokes the owner's key at once (projection gone) and answers 404 for anyone else's", async () => {
    const { projection, service } = setUp();
    const created = await service.create(caller, { name: 'k', scopes: ['artifacts:read'] });
    const id = created.personalToken.id;
    expect(await failure(service.revoke({ ...caller, id: 'u2' }, id))).toEqual([404, 'TOKEN_NOT_FOUND']);
    expect(projection.records.size).toBe(1);
    expect(await service.revoke(caller, id)).toMatchObject({ success: true });
    expect(projection.records.size).toBe(0);
    expect((await service.list(caller)).tokens[0]?.revokedAt).toBe(NOW.toISOString());
    // Repeating it is harmless.
    expect(await service.revoke(caller, id)).toMatchObject({ success: true });
  });

  it('lists the newer of the stored and the recorded last use', async () => {
    const { tokens, projection, service } = setUp();
    const created = await service.create(caller, { name: 'k', scopes: ['artifacts:read'] });
    const id = created.personalToken.id;
    const used = new Date(NOW.getTime() + 60_000);
    projection.uses.set(id, used);
    expect((await service.list(caller)).tokens[0]?.lastUsedAt).toBe(used.toISOString());
    Object.assign(tokens.docs[0] ?? {}, { lastUsedAt: new Date(NOW.getTime() + 120_000) });
    expect((await service.list(caller)).tokens[0]?.lastUsedAt).toBe(
      new Date(NOW.getTime() + 120_000).toISOString(),
    );
  });

  it('forgets a deleted user: every key revoked and out of the projection with its owner', async () => {
    const { projection, service } = setUp();
    await service.create(caller, { name: 'a', scopes: ['artifacts:read'] });
    await service.create(caller, { name: 'b', scopes: ['artifacts:write'] });
    await service.forgetUser('u1');
    expect(projection.records.size).toBe(0);
    expect(projection.owners.has('u1')).toBe(false);
    expect((await service.list(caller)).tokens.every((t) => t.revokedAt)).toBe(true);
  });
});
