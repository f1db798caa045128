/**
 * bull-board on the onboarding service (/internal/queues), against real Redis (BullMQ), Kafka and
 * the database: mounted only with an operator password, behind Basic auth, listing the check-in
 * queue with the jobs the scheduler put there, read-only.
 */
import { type Admin } from 'kafkajs';
import { type Kafka } from 'kafkajs';
import { uniqueSuffix } from '@core-vault/platform/testing';
import { type TestApp, startOnboardingApp, testEnv, testKafka } from '../testing';
import { CheckInScheduler } from '../onboarding/check-in.scheduler';
import { QUEUE_BOARD_USER } from './queue-board.auth';

const PASSWORD = `board-${uniqueSuffix(12)}`;
const DAY = 86_400_000;
const clock = { now: () => new Date() };
let kafka: Kafka;
let admin: Admin;
let withBoard: TestApp;
let withoutBoard: TestApp;

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

beforeAll(async () => {
  kafka = testKafka();
  admin = kafka.admin();
  await admin.connect();
  withBoard = await startOnboardingApp({ ...(await testEnv(admin)), QUEUE_BOARD_PASSWORD: PASSWORD }, clock);
  withoutBoard = await startOnboardingApp(await testEnv(admin), clock);
}, 60_000);

afterAll(async () => {
  await withBoard?.stop();
  await withoutBoard?.stop();
  await admin?.disconnect();
});

describe('queue board (bull-board)', () => {
  it('asks for operator credentials, and refuses wrong ones', async () => {
    const none = await fetch(`${withBoard.url}/internal/queues`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic realm="Core Vault queues"/);
    expect(((await none.json()) as { message: string }).message).toBe('Operator credentials required.');
    for (const auth of [
      basic(QUEUE_BOARD_USER, `${PASSWORD}x`),
      basic('admin', PASSWORD),
      `Bearer ${PASSWORD}`,
      'Basic !!!',
    ]) {
      const res = await fetch(`${withBoard.url}/internal/queues/api/queues`, {
        headers: { authorization: auth },
      });
      expect(res.status).toBe(401);
    }
  });

  it('serves the board and lists the check-in queue with the scheduled jobs, read-only', async () => {
    const now = new Date();
    const jobIds = await withBoard.app
      .get(CheckInScheduler)
      .schedule(`u-${uniqueSuffix()}`, now, new Date(now.getTime() + 90 * DAY), now);
    const auth = { authorization: basic(QUEUE_BOARD_USER, PASSWORD) };
    const page = await fetch(`${withBoard.url}/internal/queues`, { headers: auth });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('Core Vault queues');

    const name = withBoard.config.ONBOARDING_QUEUE;
    const api = await fetch(
      `${withBoard.url}/internal/queues/api/queues?activeQueue=${name}&status=delayed`,
      {
        headers: auth,
      },
    );
    expect(api.status).toBe(200);
    const body = (await api.json()) as {
      queues: { name: string; readOnlyMode: boolean; counts: Record<string, number> }[];
    };
    const queue = body.queues.find((q) => q.name === name);
    expect(queue?.readOnlyMode).toBe(true);
    // Other suites on the shared broker may start trials this service also schedules.
    expect(queue?.counts['delayed']).toBeGreaterThanOrEqual(4);
    for (const id of jobIds) {
      const job = await fetch(`${withBoard.url}/internal/queues/api/queues/${name}/${id}`, { headers: auth });
      expect(job.status).toBe(200);
      expect(((await job.json()) as { job: { id: string; name: string } }).job.id).toBe(id);
    }
    expect(jobIds).toHaveLength(4);
  });

  it('is not there without an operator password', async () => {
    const res = await fetch(`${withoutBoard.url}/internal/queues`, {
      headers: { authorization: basic(QUEUE_BOARD_USER, PASSWORD) },
    });
    expect(res.status).toBe(404);
  });
});
