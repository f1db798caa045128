/**
 * Personal access tokens against the real identity app, MongoDB and Redis: the key's whole life
 * (create → use on a protected route → last use recorded → revoke → 401), the rebuild of the
 * Redis projection from MongoDB, and the keys of a deleted user.
 */
import {
  type CreatedPersonalToken,
  type PersonalTokenList,
  personalTokenListSchema,
} from '@core-vault/contracts';
import { Topic, productEventCatalog } from '@core-vault/contracts';
import {
  EventFactory,
  hashPersonalToken,
  personalTokenKey,
  personalTokenOwnerKey,
} from '@core-vault/platform';
import { call } from '../testing/http';
import { type SignedIn, signUpAndSignIn } from '../testing/flows';
import { type IdentityHarness, startIdentity } from '../testing/identity-harness';
import { BillingEventsConsumer } from './billing-events.consumer';
import { PersonalTokenProjection } from './personal-token.projection';

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
    expect(token.startsWith('cvp_')).toBe(true);

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
    expect([after.status, after.body['code']]).toEqual([401, 'SESSION_EXPIRED']);
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
