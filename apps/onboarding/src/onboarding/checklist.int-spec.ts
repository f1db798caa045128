/**
 * The dashboard checklist's dismissal against the real database: kept per user on the server, so
 * a second device (a fresh request with another token of the same user) sees it dismissed too.
 */
import { type Admin, type Kafka } from 'kafkajs';
import mongoose from 'mongoose';
import { type OnboardingProgress } from '@core-vault/contracts';
import { testInfra, uniqueSuffix } from '@core-vault/platform/testing';
import { type TestApp, startOnboardingApp, testEnv, testKafka, tokenFor } from '../testing';

const s = uniqueSuffix();
const T0 = new Date();
let kafka: Kafka;
let admin: Admin;
let env: Record<string, string>;
let svc: TestApp;

async function api<T>(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${svc.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

const progress = (token: string) => api<OnboardingProgress>('GET', '/api/v1/onboarding/milestones', token);
const setDismissed = (token: string, body: unknown) =>
  api<OnboardingProgress & { message: string }>('PUT', '/api/v1/onboarding/checklist', token, body);

beforeAll(async () => {
  kafka = testKafka();
  admin = kafka.admin();
  await admin.connect();
  env = await testEnv(admin);
  svc = await startOnboardingApp(env, { now: () => T0 });
}, 60_000);

afterAll(async () => {
  await svc.stop();
  const conn = await mongoose.createConnection(testInfra().mongoUrl, { dbName: env['MONGO_DB'] }).asPromise();
  await conn.dropDatabase();
  await conn.close();
  await admin.disconnect();
});

describe('the onboarding checklist', () => {
  it('stays dismissed for the user on every device until shown again, and for no one else', async () => {
    const user = `checklist-${s}`;
    expect((await progress(tokenFor(user))).body).toMatchObject({ dismissed: false, completed: 0 });

    const hidden = await setDismissed(tokenFor(user), { dismissed: true });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ dismissed: true, completed: 0 });
    expect(hidden.body.milestones).toHaveLength(5);

    // Another device: a separate token of the same user, reading afresh.
    const elsewhere = await progress(tokenFor(user, { sid: `other-device-${s}` }));
    expect(elsewhere.body.dismissed).toBe(true);
    expect((await progress(tokenFor(`someone-else-${s}`))).body.dismissed).toBe(false);

    const conn = await mongoose
      .createConnection(testInfra().mongoUrl, { dbName: env['MONGO_DB'] })
      .asPromise();
    try {
      const users = conn.collection<{ _id: string; checklistDismissedAt: Date | null }>('onboarding_users');
      expect((await users.findOne({ _id: user }))?.checklistDismissedAt).toEqual(T0);
    } finally {
      await conn.close();
    }

    expect((await setDismissed(tokenFor(user), { dismissed: false })).body.dismissed).toBe(false);
    expect((await progress(tokenFor(user))).body.dismissed).toBe(false);
  });

  it('remembers the tour as done for the user on every device, apart from the checklist', async () => {
    const user = `tour-${s}`;
    expect((await progress(tokenFor(user))).body).toMatchObject({ tourDone: false, dismissed: false });
    const done = await api<OnboardingProgress>('PUT', '/api/v1/onboarding/tour', tokenFor(user), {
      done: true,
    });
    expect([done.status, done.body.tourDone, done.body.dismissed]).toEqual([200, true, false]);
    expect((await progress(tokenFor(user, { sid: `other-device-${s}` }))).body.tourDone).toBe(true);
    expect((await progress(tokenFor(`someone-else-${s}`))).body.tourDone).toBe(false);
    expect((await api('PUT', '/api/v1/onboarding/tour', tokenFor(user), { done: 'yes' })).status).toBe(400);
  });

  it('refuses a malformed body with a 400 naming the field, and anonymous callers with a 401', async () => {
    const token = tokenFor(`checklist-bad-${s}`);
    const wrongType = await setDismissed(token, { dismissed: 'yes' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('"dismissed" must be a boolean.');
    expect((await setDismissed(token, {})).status).toBe(400);
    expect((await setDismissed(token, { dismissed: true, extra: 1 })).status).toBe(400);
    expect((await api('PUT', '/api/v1/onboarding/checklist', undefined, { dismissed: true })).status).toBe(
      401,
    );
  });
});
