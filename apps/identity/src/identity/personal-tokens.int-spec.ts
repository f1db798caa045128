/**
 * Personal access tokens against the real identity app, MongoDB and Redis: the key's whole life
 * (create → use on a protected route → last use recorded → revoke → 401), the rebuild of the
 * Redis projection from MongoDB, the keys of a deleted user, and of a user whose password is
 * changed or reset (every key revoked).
 */
import {
  type CreatedPersonalToken,
  MAX_PERSONAL_TOKENS_PER_USER,
  type PersonalTokenList,
  personalTokenListSchema,
} from '@core-vault/contracts';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, Topic, productEventCatalog } from '@core-vault/contracts';
import {
  EventFactory,
  hashPersonalToken,
  personalTokenKey,
  personalTokenOwnerKey,
} from '@core-vault/platform';
import { testInfra, waitFor } from '@core-vault/platform/testing';
import { call, codeIn, latestMail, mailCount } from '../testing/http';
import { type SignedIn, signUpAndSignIn } from '../testing/flows';
import { type IdentityHarness, startIdentity } from '../testing/identity-harness';
import { BillingEventsConsumer } from './billing-events.consumer';
import { PersonalTokenProjection } from './personal-token.projection';
import { PersonalTokenRepository } from './personal-token.repository';
import { type PersonalTokenDoc } from './personal-token.schema';

let h: IdentityHarness;
let owner: SignedIn;

beforeAll(async () => {
  h = await startIdentity();
  owner = await signUpAndSignIn(h.baseUrl);
}, 60_000);
afterAll(() => h.close());

const create = (body: unknown, token = owner.token) =>
  call<CreatedPersonalToken>(h.baseUrl, 'POST', '/api/v1/personal-tokens', body, { token });
const list = async (token = owner.token) =>
  personalTokenListSchema.parse(
    (await call<PersonalTokenList>(h.baseUrl, 'GET', '/api/v1/personal-tokens', undefined, { token })).body,
  );
const me = (token: string) => call(h.baseUrl, 'GET', '/api/v1/me', undefined, { token });
const sync = () => h.app.get(PersonalTokenProjection).sync();

describe('personal access tokens', () => {
  it('lives: created once, used on a protected route, last use recorded, revoked → 401', async () => {
    const created = await create({
      name: 'browser extension',
      scopes: ['artifacts:read', 'artifacts:write'],
    });
    expect(created.status).toBe(201);
    const { token, personalToken } = created.body;
    expect(token).toMatch(/^cvpat_[A-Za-z0-9_-]{43}$/);
    expect(personalToken.prefix).toBe(token.slice(0, 10));

    // MongoDB holds the hash, never the secret.
    const stored = await h.connection
      .collection('personal_tokens')
      .findOne({ _id: personalToken.id as never });
    expect(stored?.['tokenHash']).toBe(hashPersonalToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const asKey = await me(token);
    expect(asKey.status).toBe(200);
    expect(asKey.body).toMatchObject({ id: owner.user.id, email: owner.email });

    const listed = (await list()).tokens.find((t) => t.id === personalToken.id);
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(await list())).not.toContain(token);
    // The sync copies the recorded use into MongoDB (the source of truth).
    await sync();
    const synced = await h.connection
      .collection('personal_tokens')
      .findOne({ _id: personalToken.id as never });
    expect(synced?.['lastUsedAt']).toBeInstanceOf(Date);

    const revoked = await call(
      h.baseUrl,
      'DELETE',
      `/api/v1/personal-tokens/${personalToken.id}`,
      undefined,
      {
        token: owner.token,
      },
    );
    expect(revoked.status).toBe(200);
    const after = await me(token);
    expect([after.status, after.body['code']]).toEqual([401, 'INVALID_TOKEN']);
    // A sync never brings a revoked key back.
    await sync();
    expect((await me(token)).status).toBe(401);
    expect((await list()).tokens.find((t) => t.id === personalToken.id)?.revokedAt).not.toBeNull();
  });

  it('cannot manage keys with a key, and checks the input', async () => {
    const { body } = await create({ name: 'ci', scopes: ['artifacts:write'] });
    expect((await create({ name: 'minted by a key', scopes: ['artifacts:read'] }, body.token)).status).toBe(
      403,
    );
    expect(
      (await call(h.baseUrl, 'GET', '/api/v1/personal-tokens', undefined, { token: body.token })).status,
    ).toBe(403);
    expect((await create({ name: '', scopes: ['artifacts:read'] })).status).toBe(400);
    expect((await create({ name: 'x', scopes: ['billing:write'] })).status).toBe(400);
    expect((await create({ name: 'x', scopes: ['artifacts:read'], expiresInDays: 0 })).status).toBe(400);
    const bad = await call(h.baseUrl, 'DELETE', '/api/v1/personal-tokens/not-an-id', undefined, {
      token: owner.token,
    });
    expect(bad.status).toBe(400);
    const other = await call(h.baseUrl, 'DELETE', '/api/v1/personal-tokens/pat_unknown', undefined, {
      token: owner.token,
    });
    expect(other.status).toBe(404);
  });

  it(`keeps the limit under concurrent creates: exactly ${MAX_PERSONAL_TOKENS_PER_USER} of 12 succeed, the rest 409`, async () => {
    const busy = await signUpAndSignIn(h.baseUrl);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        create({ name: `burst ${i}`, scopes: ['artifacts:read'] }, busy.token),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_PERSONAL_TOKENS_PER_USER);
    expect(statuses.filter((s) => s !== 201)).toEqual(Array(12 - MAX_PERSONAL_TOKENS_PER_USER).fill(409));
    const refused = results.find((r) => r.status === 409);
    expect(refused?.body).toMatchObject({ code: 'TOO_MANY_TOKENS' });
    expect((await list(busy.token)).tokens.filter((t) => !t.revokedAt)).toHaveLength(
      MAX_PERSONAL_TOKENS_PER_USER,
    );
    // A revoked key gives its slot back, to exactly one of the next concurrent creates.
    const first = results.find((r) => r.status === 201)?.body.personalToken.id ?? '';
    const revoked = await call(h.baseUrl, 'DELETE', `/api/v1/personal-tokens/${first}`, undefined, {
      token: busy.token,
    });
    expect(revoked.status).toBe(200);
    const again = await Promise.all(
      Array.from({ length: 3 }, () =>
        create({ name: 'after revoke', scopes: ['artifacts:read'] }, busy.token),
      ),
    );
    expect(again.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('decides the limit in one write: 12 creates issued at once in one process, exactly 10 stored', async () => {
    // Over HTTP the requests arrive staggered; here every create is in flight before any finishes,
    // which is where a count-then-insert lets all 12 through.
    const repo = h.app.get(PersonalTokenRepository);
    const userId = `usr_race_${Date.now()}`;
    const now = new Date();
    const key = (i: number): PersonalTokenDoc => ({
      _id: `pat_race_${userId}_${i}`,
      userId,
      name: `race ${i}`,
      tokenHash: hashPersonalToken(`cvp_race_${userId}_${i}`),
      prefix: 'cvp_race',
      scopes: ['artifacts:read'],
      createdAt: now,
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
      revokedReason: null,
    });
    const stored = await Promise.all(
      Array.from({ length: 12 }, (_, i) => repo.createWithinLimit(key(i), MAX_PERSONAL_TOKENS_PER_USER, now)),
    );
    expect(stored.filter(Boolean)).toHaveLength(MAX_PERSONAL_TOKENS_PER_USER);
    expect(await h.connection.collection('personal_tokens').countDocuments({ userId })).toBe(
      MAX_PERSONAL_TOKENS_PER_USER,
    );
  });

  it('counts keys stored before the per-user quota existed', async () => {
    const legacy = await signUpAndSignIn(h.baseUrl);
    for (let i = 0; i < MAX_PERSONAL_TOKENS_PER_USER - 1; i++)
      expect((await create({ name: `old ${i}`, scopes: ['artifacts:read'] }, legacy.token)).status).toBe(201);
    // As if these keys predate the quota document: it is rebuilt from the keys on the next create.
    await h.connection.collection('personal_token_quotas').deleteOne({ _id: legacy.user.id as never });
    expect((await create({ name: 'tenth', scopes: ['artifacts:read'] }, legacy.token)).status).toBe(201);
    expect((await create({ name: 'eleventh', scopes: ['artifacts:read'] }, legacy.token)).status).toBe(409);
  });

  it('rebuilds the Redis projection from MongoDB (Redis lost the key)', async () => {
    const { body } = await create({ name: 'rebuilt', scopes: ['artifacts:read'] });
    await h.redis.del(personalTokenKey(hashPersonalToken(body.token)));
    expect((await me(body.token)).status).toBe(401);
    await sync();
    expect((await me(body.token)).status).toBe(200);
  });

  it("carries billing's changes to a key's owner facts at once", async () => {
    const payer = await signUpAndSignIn(h.baseUrl);
    await create({ name: 'plan follows', scopes: ['artifacts:read'] }, payer.token);
    const facts = async () =>
      JSON.parse((await h.redis.get(personalTokenOwnerKey(payer.user.id))) ?? '{}') as Record<
        string,
        unknown
      >;
    expect(await facts()).toMatchObject({ sts: 'NO_SUBSCRIPTION', act: false });
    const data = {
      userId: payer.user.id,
      stripeCustomerId: `cus_${payer.user.id}`,
      subscriptionId: `sub_${payer.user.id}`,
      email: payer.email,
      planType: 'Pro' as const,
      trialEnd: new Date(Date.now() + 90 * 86_400_000).toISOString(),
      effectiveAt: new Date().toISOString(),
    };
    const { envelope } = new EventFactory(productEventCatalog, 'billing').create(Topic.TrialStarted, data, {
      key: payer.user.id,
    });
    await h.app.get(BillingEventsConsumer).trialStarted({ ...envelope, data });
    expect(await facts()).toMatchObject({ sts: 'TRIAL', act: true, plan: 'Pro' });
  });

  it('revokes every key of a user whose password changes: works before, 401 after, in MongoDB too', async () => {
    const user = await signUpAndSignIn(h.baseUrl);
    const keys = await Promise.all(
      ['laptop', 'extension'].map(async (name) => {
        const made = await create({ name, scopes: ['artifacts:read', 'artifacts:write'] }, user.token);
        expect(made.status).toBe(201);
        return made.body;
      }),
    );
    for (const key of keys) expect((await me(key.token)).status).toBe(200);

    const changed = await call(
      h.baseUrl,
      'POST',
      '/api/v1/account/password',
      { currentPassword: user.password, newPassword: 'a brand new secret' },
      { token: user.token },
    );
    expect(changed.body).toEqual({ success: true, message: ACCOUNT_MESSAGES.passwordChanged });
    for (const key of keys) {
      const after = await me(key.token);
      expect([after.status, after.body['code']]).toEqual([401, 'INVALID_TOKEN']);
    }
    // The session that made the change stays; its keys list says they are revoked.
    const listed = await list(user.token);
    expect(listed.tokens.map((t) => t.revokedAt !== null)).toEqual([true, true]);
    const stored = await h.connection.collection('personal_tokens').find({ userId: user.user.id }).toArray();
    expect(stored.map((d) => d['revokedReason'] as unknown)).toEqual([
      'password-changed',
      'password-changed',
    ]);
    // A sync never brings them back; a new key works.
    await sync();
    for (const key of keys) expect((await me(key.token)).status).toBe(401);
    const fresh = await create({ name: 'after the change', scopes: ['artifacts:read'] }, user.token);
    expect((await me(fresh.body.token)).status).toBe(200);
  });

  it('revokes every key of a user whose password is reset: works before, 401 after', async () => {
    const { mailApiUrl } = testInfra();
    const user = await signUpAndSignIn(h.baseUrl);
    const { body: key } = await create({ name: 'script', scopes: ['artifacts:read'] }, user.token);
    expect((await me(key.token)).status).toBe(200);

    const before = await mailCount(mailApiUrl, user.email);
    const asked = await call(h.baseUrl, 'POST', '/api/v1/auth/password-reset/request', { email: user.email });
    expect(asked.status).toBe(200);
    await waitFor(
      () => mailCount(mailApiUrl, user.email),
      (n) => n === before + 1,
      { what: 'reset mail' },
    );
    const code = codeIn(await latestMail(mailApiUrl, user.email));
    const reset = await call(h.baseUrl, 'POST', '/api/v1/auth/password-reset/confirm', {
      email: user.email,
      code,
      newPassword: 'a brand new secret',
    });
    expect(reset.body).toEqual({ success: true, message: AUTH_MESSAGES.resetDoneEverywhere });
    const after = await me(key.token);
    expect([after.status, after.body['code']]).toEqual([401, 'INVALID_TOKEN']);
    const stored = await h.connection
      .collection('personal_tokens')
      .findOne({ _id: key.personalToken.id as never });
    expect(stored?.['revokedReason']).toBe('password-reset');
  });

  it('stops the keys of a deleted user and revokes them in MongoDB', async () => {
    const gone = await signUpAndSignIn(h.baseUrl);
    const { body } = await create({ name: 'soon orphaned', scopes: ['artifacts:read'] }, gone.token);
    expect((await me(body.token)).status).toBe(200);
    await h.connection.collection('users').deleteOne({ _id: gone.user.id as never });
    await sync();
    expect((await me(body.token)).status).toBe(401);
    const doc = await h.connection
      .collection('personal_tokens')
      .findOne({ _id: body.personalToken.id as never });
    expect(doc?.['revokedReason']).toBe('user-deleted');
  });
});
