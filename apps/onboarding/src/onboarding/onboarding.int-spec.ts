/**
 * Onboarding against the real broker, database, Redis (BullMQ) and SMTP sink. The service's clock
 * is injected: delays are asserted exactly in Redis, and due jobs are promoted instead of waited for.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { type Admin, type Kafka, type Producer } from 'kafkajs';
import mongoose from 'mongoose';
import {
  type OnboardingProgress,
  type QueueOverview,
  Topic,
  productEventCatalog,
} from '@core-vault/contracts';
import { EventFactory, type OutboxEntry, toKafkaMessage } from '@core-vault/platform';
import { testInfra, uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import { type TestApp, mailsTo, startOnboardingApp, testEnv, testKafka, tokenFor } from '../testing';
import { type CheckInJobData, checkInJobId } from './check-in.scheduler';

const DAY = 86_400_000;
const s = uniqueSuffix();
const T0 = new Date();
const clock = { now: () => T0 };
const events = new EventFactory(productEventCatalog, 'test');
let kafka: Kafka;
let admin: Admin;
let producer: Producer;
let env: Record<string, string>;
let svc: TestApp;
let redis: Redis;
let queue: Queue<CheckInJobData>;

async function send(entries: OutboxEntry[]): Promise<void> {
  for (const e of entries)
    await producer.send({ topic: e.topic, acks: -1, messages: [toKafkaMessage(e.envelope)] });
}

function trialStarted(userId: string, email: string, startedAt = T0) {
  return events.create(
    Topic.TrialStarted,
    {
      userId,
      email,
      stripeCustomerId: `cus_${userId}`,
      subscriptionId: `sub_${userId}`,
      effectiveAt: startedAt.toISOString(),
      planType: 'Pro',
      trialEnd: new Date(startedAt.getTime() + 90 * DAY).toISOString(),
    },
    { key: userId },
  );
}

const ids = (userId: string, startedAt = T0) => {
  const end = new Date(startedAt.getTime() + 90 * DAY);
  return {
    'day-7': checkInJobId(userId, end, 'day-7'),
    'day-30': checkInJobId(userId, end, 'day-30'),
    'day-60': checkInJobId(userId, end, 'day-60'),
    'trial-ending': checkInJobId(userId, end, 'trial-ending'),
  };
};

async function api<T>(
  method: string,
  path: string,
  token?: string,
): Promise<{ status: number; body: T; type: string }> {
  const res = await fetch(`${svc.url}${path}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, body: (type.includes('json') ? JSON.parse(text) : text) as T, type };
}

beforeAll(async () => {
  kafka = testKafka();
  admin = kafka.admin();
  await admin.connect();
  producer = kafka.producer({ maxInFlightRequests: 1 });
  await producer.connect();
  env = await testEnv(admin);
  svc = await startOnboardingApp(env, clock);
  redis = new Redis(testInfra().redisUrl, { maxRetriesPerRequest: null });
  queue = new Queue<CheckInJobData>(env['ONBOARDING_QUEUE']!, { connection: redis });
}, 60_000);

afterAll(async () => {
  await svc.stop();
  await queue.obliterate({ force: true });
  await queue.close();
  redis.disconnect();
  const conn = await mongoose.createConnection(testInfra().mongoUrl, { dbName: env['MONGO_DB'] }).asPromise();
  await conn.dropDatabase();
  await conn.close();
  await producer.disconnect();
  await admin.disconnect();
});

describe('check-in schedule', () => {
  const user = `trial-${s}`;
  const email = `trial-${s}@example.test`;
  const jobIds = ids(user);

  it('schedules day 7, 30, 60 and the reminder 3 days before the trial ends, as delayed jobs in Redis', async () => {
    await send([trialStarted(user, email)]);
    const jobs = await waitFor(
      () => Promise.all(Object.values(jobIds).map((id) => queue.getJob(id))),
      (list) => list.every(Boolean),
      { what: 'four jobs' },
    );
    expect(jobs.map((j) => j!.opts.delay)).toEqual([7 * DAY, 30 * DAY, 60 * DAY, 87 * DAY]);
    expect(await Promise.all(jobs.map((j) => j!.getState()))).toEqual([
      'delayed',
      'delayed',
      'delayed',
      'delayed',
    ]);
    expect(jobs[0]!.data).toEqual({ userId: user, step: 'day-7' });
  });

  it('schedules nothing new for a duplicate trial event', async () => {
    const dup = trialStarted(user, email);
    await send([dup, dup]);
    // A later user's jobs appearing shows the duplicates were consumed before them.
    const other = `trial-other-${s}`;
    await send([trialStarted(other, `other-${s}@example.test`)]);
    await waitFor(() => queue.getJob(ids(other)['day-7']), Boolean, { what: 'the later user scheduled' });
    const delayed = await queue.getJobs(['delayed']);
    expect(delayed.filter((j) => j.data.userId === user)).toHaveLength(4);
  });

  it('sends the day-7 e-mail shaped by progress when the job runs', async () => {
    await send([
      events.create(
        Topic.ArtifactCreated,
        { artifactId: `a-${s}`, ownerId: user, title: 't', type: 'HTML', isPublic: true, size: 1 },
        { key: `a-${s}` },
      ),
    ]);
    await waitFor(
      async () =>
        (await api<OnboardingProgress>('GET', '/api/v1/onboarding/milestones', tokenFor(user))).body
          .completed,
      (n) => n === 1,
      { what: 'first upload milestone' },
    );
    await (await queue.getJob(jobIds['day-7']))!.promote();
    const [mail] = await waitFor(
      () => mailsTo(email),
      (m) => m.length === 1,
      { what: 'day-7 e-mail' },
    );
    expect(mail!.subject).toBe('Day 7: 4 steps left to get the most out of Core Vault');
    expect(mail!.text).toContain('Done so far: First artifact upload.');
    expect(mail!.text).toContain('Share an artifact');
    await waitFor(
      () => queue.getJob(jobIds['day-7']).then((j) => j?.getState()),
      (st) => st === 'completed',
      {
        what: 'job completed',
      },
    );
  });

  it('keeps the jobs across a worker restart and runs them in the new process', async () => {
    await svc.stop();
    expect(await (await queue.getJob(jobIds['day-30']))!.getState()).toBe('delayed');
    svc = await startOnboardingApp(env, clock);
    await (await queue.getJob(jobIds['day-30']))!.promote();
    const mails = await waitFor(
      () => mailsTo(email),
      (m) => m.length === 2,
      { what: 'day-30 e-mail' },
    );
    expect(mails[0]!.subject).toMatch(/^Day 30: /);
  }, 60_000);

  it('removes the pending jobs when the subscription is canceled, keeping what already ran', async () => {
    await send([
      events.create(
        Topic.SubscriptionCanceled,
        {
          userId: user,
          stripeCustomerId: `cus_${user}`,
          subscriptionId: `sub_${user}`,
          effectiveAt: new Date().toISOString(),
        },
        { key: user },
      ),
    ]);
    await waitFor(
      () => Promise.all([jobIds['day-60'], jobIds['trial-ending']].map((id) => queue.getJob(id))),
      (jobs) => jobs.every((j) => j === undefined),
      { what: 'pending jobs removed' },
    );
    expect(await (await queue.getJob(jobIds['day-7']))!.getState()).toBe('completed');
  });
});

describe('milestones and health score', () => {
  it('reaches milestones from events and SPA calls, once each, and moves through the bands', async () => {
    const user = `ms-${s}`;
    const token = tokenFor(user);
    const get = () => api<OnboardingProgress>('GET', '/api/v1/onboarding/milestones', token);
    let r = await get();
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ completed: 0, healthScore: 0, band: 'at_risk' });
    expect(r.body.milestones.map((m) => m.label)).toEqual([
      'First artifact upload',
      'First share',
      'Install browser extension',
      'Customize profile settings',
      'View analytics dashboard',
    ]);

    await send([
      events.create(
        Topic.ArtifactCreated,
        {
          artifactId: `b-${s}`,
          ownerId: user,
          title: 't',
          type: 'HTML',
          isPublic: true,
          size: 1,
          source: 'extension',
        },
        { key: `b-${s}` },
      ),
    ]);
    // Upload 25 + extension 10 + one active day 5.
    r = await waitFor(get, (x) => x.body.healthScore === 40, { what: 'score 40' });
    expect(r.body.band).toBe('moderate');
    expect(r.body.milestones.filter((m) => m.reachedAt).map((m) => m.key)).toEqual([
      'first_upload',
      'extension_installed',
    ]);

    await send([
      events.create(
        Topic.ArtifactShared,
        { artifactId: `b-${s}`, ownerId: user, channel: 'link' },
        { key: `b-${s}` },
      ),
    ]);
    r = await waitFor(get, (x) => x.body.healthScore === 55, { what: 'score 55' });
    const first = (
      await api<OnboardingProgress>('POST', '/api/v1/onboarding/milestones/profile_customized', token)
    ).body;
    expect(first).toMatchObject({ healthScore: 65, band: 'on_track', completed: 4 });
    const reachedAt = first.milestones.find((m) => m.key === 'profile_customized')!.reachedAt;
    const again = (
      await api<OnboardingProgress>('POST', '/api/v1/onboarding/milestones/profile_customized', token)
    ).body;
    expect(again.milestones.find((m) => m.key === 'profile_customized')!.reachedAt).toBe(reachedAt);
    const last = (
      await api<OnboardingProgress>('POST', '/api/v1/onboarding/milestones/analytics_viewed', token)
    ).body;
    expect(last).toMatchObject({ healthScore: 75, band: 'on_track', completed: 5 });

    const bad = await api<{ message: string }>('POST', '/api/v1/onboarding/milestones/first_upload', token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('extension_installed');
    expect((await api('GET', '/api/v1/onboarding/milestones')).status).toBe(401);
  });

  it("reaches 'Customize profile settings' from identity's profile event, once", async () => {
    const user = `pf-${s}`;
    const get = () => api<OnboardingProgress>('GET', '/api/v1/onboarding/milestones', tokenFor(user));
    const profileUpdated = (at: string) =>
      events.create(
        Topic.ProfileUpdated,
        { userId: user, email: `${user}@example.com`, firstName: 'A', lastName: 'B', changed: ['name'], at },
        { key: user },
      );
    await send([profileUpdated('2026-01-02T03:04:05.000Z')]);
    const r = await waitFor(get, (x) => x.body.completed === 1, { what: 'profile milestone' });
    const reached = r.body.milestones.filter((m) => m.reachedAt);
    expect(reached).toEqual([expect.objectContaining({ key: 'profile_customized' })]);
    // A later change, then a share on the same key (same partition): once the share is counted,
    // the later profile event has been handled too, and the milestone kept its first time.
    await send([
      profileUpdated('2026-02-02T03:04:05.000Z'),
      events.create(
        Topic.ArtifactShared,
        { artifactId: `p-${s}`, ownerId: user, channel: 'link' },
        { key: user },
      ),
    ]);
    const later = await waitFor(get, (x) => x.body.completed === 2, { what: 'share after the profile' });
    expect(later.body.milestones.find((m) => m.key === 'profile_customized')?.reachedAt).toBe(
      reached[0]?.reachedAt,
    );
  });
});

describe('queue view for operators', () => {
  it('is admin only, as JSON or HTML', async () => {
    expect((await api('GET', '/api/v1/onboarding/admin/queue', tokenFor(`u-${s}`))).status).toBe(403);
    const admin = tokenFor(`admin-${s}`, { adm: true });
    const json = await api<QueueOverview>('GET', '/api/v1/onboarding/admin/queue', admin);
    expect(json.status).toBe(200);
    expect(json.body.queue).toBe(env['ONBOARDING_QUEUE']);
    expect(json.body.counts['delayed']).toBeGreaterThanOrEqual(4);
    expect(json.body.jobs.some((j) => j.step === 'day-60' && j.state === 'delayed')).toBe(true);
    const html = await api<string>('GET', '/api/v1/onboarding/admin/queue?format=html', admin);
    expect(html.type).toContain('text/html');
    expect(html.body).toContain('<table');
  });
});
