import { AUTH_MESSAGES, type SessionUser, Topic, sessionUserSchema } from '@core-vault/contracts';
import { uniqueSuffix } from '@core-vault/platform/testing';
import { tapEvents } from '../testing/event-tap';
import { registration } from '../testing/factories';
import { call } from '../testing/http';
import { type IdentityHarness, startIdentity } from '../testing/identity-harness';

let h: IdentityHarness;
let tap: Awaited<ReturnType<typeof tapEvents>>;

beforeAll(async () => {
  h = await startIdentity();
  tap = await tapEvents([Topic.UserRegistered]);
});

afterAll(async () => {
  await tap.stop();
  await h.close();
});

const signUp = (body: unknown) =>
  call<Record<string, unknown>>(h.baseUrl, 'POST', '/api/v1/auth/sign-up', body);
const users = () => h.connection.collection('users');

describe('sign-up', () => {
  it('creates an inactive Pro account without subscription, and returns the session user', async () => {
    const body = registration({ email: `  New.User-${uniqueSuffix()}@Example.COM ` });
    const res = await signUp(body);
    expect(res.status).toBe(201);
    const user = sessionUserSchema.parse(res.body['user']);
    expect(user).toMatchObject({
      email: body.email.trim().toLowerCase(),
      subscriptionStatus: 'NO_SUBSCRIPTION',
      planType: 'Pro',
      isActive: false,
      lastLoginAt: null,
      trialEnd: null,
      currentPeriodEnd: null,
      stripeCustomerId: null,
    });
    expect(user.id).toMatch(/^usr_/);
    expect(user.id).not.toContain('@');
    expect(user.isAdmin).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it('stores an OWASP scrypt hash, never the password', async () => {
    const body = registration();
    await signUp(body);
    const stored = await users().findOne({ email: body.email });
    expect(stored?.['passwordHash']).toMatch(/^scrypt\$14\$8\$1\$[A-Za-z0-9+/=]{44}\$[A-Za-z0-9+/=]{44}$/);
    expect(JSON.stringify(stored)).not.toContain(body.password);
  });

  it('publishes identity.user-registered.v1 through the outbox', async () => {
    const body = registration({ planType: 'pro_yearly' });
    const res = await signUp(body);
    const id = (res.body['user'] as SessionUser).id;
    const event = await tap.next(Topic.UserRegistered, id);
    expect(event.data).toEqual({
      userId: id,
      email: body.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      requestedPlan: 'pro_yearly',
    });
  });

  it.each([
    ['all fields missing', {}, AUTH_MESSAGES.fillAllFields],
    ['a blank name (before a bad e-mail)', { firstName: ' ', email: 'nope' }, AUTH_MESSAGES.fillAllFields],
    [
      'a bad e-mail (before a short password)',
      { email: 'nope', password: 'short', confirmPassword: 'x' },
      AUTH_MESSAGES.invalidEmail,
    ],
    [
      'a short password (before a mismatch)',
      { password: 'short', confirmPassword: 'other' },
      AUTH_MESSAGES.passwordTooShort,
    ],
    ['passwords that differ', { confirmPassword: 'something else' }, AUTH_MESSAGES.passwordsDoNotMatch],
    ['a Business plan', { planType: 'business_monthly' }, AUTH_MESSAGES.invalidPlanType],
    ['a yearly Business plan', { planType: 'business_yearly' }, AUTH_MESSAGES.invalidPlanType],
    ['a Cyrillic look-alike domain', { email: 'ada@exаmple.com' }, AUTH_MESSAGES.invalidEmail],
    ['full-width letters', { email: 'ａｄａ@example.com' }, AUTH_MESSAGES.invalidEmail],
  ])('refuses %s with the spec message, writing nothing', async (_why, over, message) => {
    const body = { ...registration(), ...over };
    if (Object.keys(over).length === 0)
      for (const k of Object.keys(body)) delete (body as Record<string, unknown>)[k];
    const before = await users().countDocuments();
    const res = await signUp(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message });
    expect(await users().countDocuments()).toBe(before);
  });

  it('refuses an existing e-mail, also when it differs only in case', async () => {
    const body = registration();
    expect((await signUp(body)).status).toBe(201);
    for (const email of [body.email, body.email.toUpperCase(), ` ${body.email.replace('user', 'USER')} `]) {
      const res = await signUp({ ...registration(), email });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        statusCode: 409,
        code: 'DUPLICATE_EMAIL',
        message: AUTH_MESSAGES.duplicateEmail,
      });
    }
    expect(await users().countDocuments({ email: body.email })).toBe(1);
  });

  it('lets only one of two racing sign-ups for one address through', async () => {
    const body = registration();
    const results = await Promise.all([signUp(body), signUp({ ...body, email: body.email.toUpperCase() })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  describe('bad input is a clear 4xx, never a 5xx', () => {
    it.each([
      // Nest turns body-parser's SyntaxError into a plain 400 before the platform filter sees it.
      ['malformed JSON', { raw: '{"email": ' }, 400, undefined],
      ['a wrong type', { body: { ...registration(), email: 42 } }, 400, '"email" must be a string.'],
      ['an unknown field', { body: { ...registration(), isAdmin: true } }, 400, 'Unknown field "isAdmin".'],
      [
        'an e-mail of 10,000 characters',
        { body: { ...registration(), email: `${'a'.repeat(10_000)}@x.com` } },
        400,
        '"email" is too long (at most 254 characters).',
      ],
      [
        'a password of 1 MB',
        { body: { ...registration(), password: 'p'.repeat(1_000_000) } },
        413,
        undefined,
      ],
      [
        'a 200-character password',
        { body: { ...registration(), password: 'p'.repeat(200) } },
        400,
        '"password" is too long (at most 128 characters).',
      ],
      ['an array body', { body: [1, 2] }, 400, 'The request must be an object.'],
    ])('%s', async (_why, input, status, message) => {
      const res = await call(
        h.baseUrl,
        'POST',
        '/api/v1/auth/sign-up',
        'body' in input ? input.body : undefined,
        {
          raw: 'raw' in input ? input.raw : undefined,
        },
      );
      expect(res.status).toBe(status);
      if (message) expect(res.body['message']).toBe(message);
      expect(typeof res.body['message']).toBe('string');
    });
  });
});
