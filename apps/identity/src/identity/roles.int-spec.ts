import { ADMIN_PERMISSIONS, sessionUserSchema } from '@core-vault/contracts';
import { uniqueSuffix } from '@core-vault/platform/testing';
import { call } from '../testing/http';
import { type SignedIn, signUpAndSignIn } from '../testing/flows';
import { type IdentityHarness, startIdentity } from '../testing/identity-harness';
import { ProbeController } from '../testing/probe.controller';

const adminEmail = `boss-${uniqueSuffix()}@example.com`;
const secondAdmin = `chief-${uniqueSuffix()}@example.com`;
let h: IdentityHarness;

beforeAll(async () => {
  h = await startIdentity({ ADMIN_EMAILS: ` ${secondAdmin} , ${adminEmail.toUpperCase()} ` }, [
    ProbeController,
  ]);
});
afterAll(() => h.close());

const get = (path: string, token: string) =>
  call<Record<string, unknown>>(h.baseUrl, 'GET', path, undefined, { token });
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

/** Puts a user into a billing state (as billing's events would) and takes a fresh token. */
async function withState(s: SignedIn, state: Record<string, unknown>): Promise<string> {
  await h.connection.collection('users').updateOne({ _id: s.user.id as never }, { $set: state });
  const res = await call<{ token: string }>(h.baseUrl, 'POST', '/api/v1/auth/refresh', undefined, {
    cookie: s.cookie,
  });
  s.cookie = `cv_rt=${res.cookies['cv_rt']}`;
  return res.body.token;
}

describe('admins from configuration', () => {
  it('read as ACTIVE, Business, active, isAdmin and the four permissions — in /me and in the token', async () => {
    const admin = await signUpAndSignIn(h.baseUrl, { email: adminEmail });
    const me = sessionUserSchema.parse((await get('/api/v1/me', admin.token)).body);
    expect(me).toMatchObject({
      subscriptionStatus: 'ACTIVE',
      planType: 'Business',
      isActive: true,
      isAdmin: true,
      permissions: [...ADMIN_PERMISSIONS],
    });
    expect(admin.user.isAdmin).toBe(true);
    expect(claimsOf(admin.token)).toMatchObject({ adm: true, act: true, plan: 'Business', sts: 'ACTIVE' });
    // Whatever billing says.
    const token = await withState(admin, {
      subscriptionStatus: 'CANCELED',
      isActive: false,
      planType: 'Pro',
    });
    expect((await get('/api/v1/me', token)).body).toMatchObject({
      subscriptionStatus: 'ACTIVE',
      isAdmin: true,
    });
  });

  it('everyone else is no admin and has no permissions field', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    const body = (await get('/api/v1/me', s.token)).body;
    expect(body['isAdmin']).toBeUndefined();
    expect(body['permissions']).toBeUndefined();
    expect(claimsOf(s.token)['adm']).toBe(false);
  });
});

describe('the permission table through the real guard', () => {
  const routes = ['basic-upload', 'analytics-advanced', 'custom-domains', 'admin'] as const;
  const table: [string, Record<string, unknown> | 'admin', Record<(typeof routes)[number], number>][] = [
    [
      'a new account (NO_SUBSCRIPTION, inactive)',
      {},
      { 'basic-upload': 403, 'analytics-advanced': 403, 'custom-domains': 403, admin: 403 },
    ],
    [
      'Pro on trial',
      { subscriptionStatus: 'TRIAL', isActive: true, planType: 'Pro' },
      { 'basic-upload': 200, 'analytics-advanced': 200, 'custom-domains': 403, admin: 403 },
    ],
    [
      'Pro active',
      { subscriptionStatus: 'ACTIVE', isActive: true, planType: 'Pro' },
      { 'basic-upload': 200, 'analytics-advanced': 200, 'custom-domains': 403, admin: 403 },
    ],
    [
      'Business active',
      { subscriptionStatus: 'ACTIVE', isActive: true, planType: 'Business' },
      { 'basic-upload': 200, 'analytics-advanced': 200, 'custom-domains': 200, admin: 403 },
    ],
    [
      'Business past due',
      { subscriptionStatus: 'PAST_DUE', isActive: true, planType: 'Business' },
      { 'basic-upload': 403, 'analytics-advanced': 403, 'custom-domains': 403, admin: 403 },
    ],
    [
      'Business canceled',
      { subscriptionStatus: 'CANCELED', isActive: false, planType: 'Business' },
      { 'basic-upload': 403, 'analytics-advanced': 403, 'custom-domains': 403, admin: 403 },
    ],
    [
      'Pro trial but inactive',
      { subscriptionStatus: 'TRIAL', isActive: false, planType: 'Pro' },
      { 'basic-upload': 403, 'analytics-advanced': 403, 'custom-domains': 403, admin: 403 },
    ],
    [
      'an admin',
      'admin',
      { 'basic-upload': 200, 'analytics-advanced': 200, 'custom-domains': 200, admin: 200 },
    ],
  ];

  it.each(table)('%s', async (_who, state, expected) => {
    const s = await signUpAndSignIn(h.baseUrl, state === 'admin' ? { email: secondAdmin } : {});
    const token = state === 'admin' ? s.token : await withState(s, state);
    for (const route of routes) {
      const res = await get(`/probe/${route}`, token);
      expect([route, res.status]).toEqual([route, expected[route]]);
      if (res.status === 403) expect(typeof res.body['message']).toBe('string');
    }
    expect((await get('/probe/basic-upload', 'not-a-token')).status).toBe(401);
  });
});
