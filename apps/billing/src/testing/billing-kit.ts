import { writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { type AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { type Consumer } from 'kafkajs';
import mongoose, { type Connection } from 'mongoose';
import Stripe from 'stripe';
import { type EventEnvelope, Topic } from '@core-vault/contracts';
import { createKafka, ensureTopics, localDefaults } from '@core-vault/platform';
import {
  type SpawnedProcess,
  answersOk,
  devTokenFor,
  freePort,
  isolateService,
  SERVICE_BOOT_TIMEOUT_MS,
  SIGNED_UP_CLAIMS,
  spawnTs,
  testInfra,
  testLogger,
  uniqueSuffix,
  waitFor,
  workspaceRoot,
} from '@core-vault/platform/testing';
import { StripeFaultProxy } from './stripe-fault-proxy';

export const BILLING_TOPICS = [
  Topic.TrialStarted,
  Topic.SubscriptionUpdated,
  Topic.InvoicePaid,
  Topic.PaymentFailed,
  Topic.SubscriptionCanceled,
  Topic.TrialWillEnd,
];

const defaults = localDefaults('billing');
/** The local, test-only webhook secret (config/local defaults). */
export const WEBHOOK_SECRET = defaults['STRIPE_WEBHOOK_SECRET'] as string;
const stripe = new Stripe('sk_test_unused');

/** A new signed-up, not yet active user (what identity's sign-up leaves behind). */
export function newUser(label = 'user') {
  const id = `${label}-${uniqueSuffix()}`;
  const email = `${id}@example.test`;
  return { id, email, token: devTokenFor(id, { ...SIGNED_UP_CLAIMS, email }) };
}

/** A Stripe event as Stripe would send it, and the signature header over its exact bytes. */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  created = Math.floor(Date.now() / 1000),
) {
  const event = {
    id: `evt_${uniqueSuffix(10)}`,
    object: 'event',
    api_version: '2025-08-27.basil',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
  return sign(JSON.stringify(event), event.id);
}

export function sign(payload: string, id = 'evt') {
  return {
    id,
    payload,
    signature: stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  };
}

export function subscriptionObject(input: {
  id: string;
  customer: string;
  userId: string;
  status?: string;
  price?: string;
  cancelAtPeriodEnd?: boolean;
  trialEnd?: number | null;
}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: input.id,
    object: 'subscription',
    customer: input.customer,
    status: input.status ?? 'trialing',
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    trial_end: input.trialEnd === undefined ? now + 90 * 86400 : input.trialEnd,
    created: now - 60,
    metadata: { userId: input.userId },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${input.id}`,
          price: { id: input.price ?? 'price_pro_monthly' },
          current_period_end: now + 90 * 86400,
        },
      ],
    },
  };
}

export function invoiceObject(input: {
  id: string;
  customer: string;
  subscription: string;
  amount: number;
  status?: string;
  created?: number;
}) {
  return {
    id: input.id,
    object: 'invoice',
    customer: input.customer,
    amount_paid: input.amount,
    amount_due: input.amount,
    total: input.amount,
    currency: 'usd',
    status: input.status ?? 'paid',
    created: input.created ?? Math.floor(Date.now() / 1000),
    invoice_pdf: `https://pay.stripe.test/${input.id}.pdf`,
    parent: { type: 'subscription_details', subscription_details: { subscription: input.subscription } },
    lines: {
      object: 'list',
      data: [{ period: { start: 0, end: Math.floor(Date.now() / 1000) + 30 * 86400 } }],
    },
  };
}

/** Every billing event on the broker, read back by a tap consumer of its own. */
export class EventTap {
  readonly received: { topic: string; envelope: EventEnvelope<Record<string, unknown>> }[] = [];
  private consumer: Consumer | undefined;

  async start(): Promise<void> {
    const kafka = createKafka({
      clientId: 'billing-test-tap',
      brokers: testInfra().kafkaBrokers,
      logger: testLogger(),
    });
    // On a fresh broker nothing has created the billing topics yet (the service does at boot).
    const admin = kafka.admin();
    await admin.connect();
    await ensureTopics(admin, BILLING_TOPICS, 3);
    await admin.disconnect();
    this.consumer = kafka.consumer({ groupId: `billing-tap-${uniqueSuffix()}` });
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: BILLING_TOPICS, fromBeginning: true });
    await this.consumer.run({
      eachMessage: ({ topic, message }) => {
        this.received.push({
          topic,
          envelope: JSON.parse(String(message.value)) as EventEnvelope<Record<string, unknown>>,
        });
        return Promise.resolve();
      },
    });
  }

  of(topic: Topic, userId: string) {
    return this.received.filter((r) => r.topic === (topic as string) && r.envelope.data['userId'] === userId);
  }

  /** Waits until `count` events of this topic for this user have arrived. */
  waitFor(topic: Topic, userId: string, count = 1) {
    return waitFor(
      () => this.of(topic, userId),
      (list) => list.length >= count,
      { what: `${count} × ${topic} for ${userId}`, timeoutMs: 30_000 },
    );
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
  }
}

export interface BootedService {
  url: string;
  proc: SpawnedProcess;
  stop: () => Promise<void>;
}

/** Runs a real service from its entry point on a free port. */
export async function bootService(
  app: 'billing' | 'gateway',
  env: Record<string, string>,
): Promise<BootedService> {
  const infra = testInfra();
  const port = await freePort();
  // Consumer groups and namespaces of this boot's own (platform's testing/service-groups.ts).
  const groups = await isolateService(infra.kafkaBrokers, `boot-${uniqueSuffix()}`, app);
  const proc = spawnTs(join(workspaceRoot, `apps/${app}/src/main.ts`), {
    NODE_ENV: 'test',
    PORT: String(port),
    LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'warn',
    MONGO_URL: infra.mongoUrl,
    REDIS_URL: infra.redisUrl,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    ...groups,
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(() => answersOk(`${url}/health/ready`), Boolean, {
    what: () => `${app} ready (stderr: ${proc.stderr().slice(-800)})`,
    timeoutMs: SERVICE_BOOT_TIMEOUT_MS,
    intervalMs: 200,
  });
  return {
    url,
    proc,
    stop: async () => {
      if (proc.child.exitCode !== null) return;
      proc.child.kill('SIGTERM');
      await proc.exited;
    },
  };
}

export async function openDb(dbName: string): Promise<Connection> {
  return mongoose.createConnection(testInfra().mongoUrl, { dbName }).asPromise();
}

export async function call(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: res.headers,
  };
}

export async function postWebhook(base: string, signed: { payload: string; signature: string }) {
  const res = await fetch(`${base}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
    body: signed.payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export const STRIPE_MOCK_URL = defaults['STRIPE_API_BASE'] as string;
export const trialBody = (over: Record<string, unknown> = {}) => ({
  planType: 'pro_monthly',
  paymentMethodId: 'pm_card_visa',
  firstName: 'Ada',
  lastName: 'Lovelace',
  ...over,
});

/**
 * The shared harness of billing's flow suites (one *.int-spec.ts per flow): billing from its
 * entry point on a database of its own, stripe-mock behind a fault-injecting proxy, an event tap
 * on the broker, Redis, and stand-ins for the export's sources (identity's /api/v1/me, artifacts'
 * export). `useBillingHarness` registers the suite's hooks; the handle is usable inside tests.
 */
export class BillingHarness {
  readonly proxy = new StripeFaultProxy(STRIPE_MOCK_URL);
  readonly tap = new EventTap();
  /** Set to make the artifacts stand-in answer 503 (the export's "a source is down" path). */
  artifactsDown = false;
  /** Set to make the artifacts export break off in the middle of its second artifact. */
  artifactsBreak = false;
  private readonly dbName: string;
  private booted: { billing: BootedService; db: Connection; redis: Redis; sources: Server } | undefined;

  constructor(flow: string) {
    this.dbName = `cv_test_billing_${flow}_${uniqueSuffix()}`;
  }

  get billing(): BootedService {
    return this.started().billing;
  }
  get db(): Connection {
    return this.started().db;
  }
  get redis(): Redis {
    return this.started().redis;
  }

  async start(): Promise<void> {
    await this.proxy.start();
    const sources = createServer((req, res) => {
      const json = { 'content-type': 'application/json' };
      if (req.url === '/api/v1/me' && (req.headers.authorization ?? '').startsWith('Bearer ')) {
        res.writeHead(200, json).end(JSON.stringify({ id: 'me', email: 'me@x.test' }));
      } else if (req.url === '/api/v1/artifacts/export' && !this.artifactsDown) {
        // The artifacts service's NDJSON export: one artifact per line, then the trailer line.
        const lines = [
          { id: 'a1', title: 'Chart', viewCount: 4 },
          { id: 'a2', title: 'Calc', viewCount: 3 },
        ].map((a) => `${JSON.stringify(a)}\n`);
        res.writeHead(200, { 'content-type': 'application/x-ndjson' });
        if (this.artifactsBreak) {
          // Cut short inside the second artifact (ended, not reset: a reset could drop what the
          // client has not read yet, and the test would race with the kernel).
          res.end(`${lines[0]}{"id":"a2","ti`);
        } else res.end(`${lines.join('')}${JSON.stringify({ end: { count: 2, totalViews: 7 } })}\n`);
      } else {
        res.writeHead(503).end();
      }
    }).listen(0, '127.0.0.1');
    await once(sources, 'listening');
    const sourcesUrl = `http://127.0.0.1:${(sources.address() as AddressInfo).port}`;
    await this.tap.start();
    const billing = await bootService('billing', {
      MONGO_DB: this.dbName,
      STRIPE_API_BASE: this.proxy.url,
      STRIPE_MAX_NETWORK_RETRIES: '0',
      STRIPE_TIMEOUT_MS: '1500',
      IDENTITY_URL: sourcesUrl,
      ARTIFACTS_URL: sourcesUrl,
    });
    this.booted = { billing, db: await openDb(this.dbName), redis: new Redis(testInfra().redisUrl), sources };
  }

  async stop(): Promise<void> {
    const booted = this.booted;
    if (booted && process.env['BILLING_LOG_FILE'])
      writeFileSync(
        process.env['BILLING_LOG_FILE'],
        booted.billing.proc.stdout() + booted.billing.proc.stderr(),
      );
    await booted?.billing.stop();
    await this.tap.stop();
    await this.proxy.stop();
    await booted?.db.dropDatabase();
    await booted?.db.close();
    booted?.redis.disconnect();
    booted?.sources.close();
  }

  api(method: string, path: string, token?: string, body?: unknown) {
    return call(this.billing.url, method, path, token, body);
  }

  customers() {
    return this.db.collection<{ _id: string } & Record<string, unknown>>('customers');
  }

  /** A new user with a completed trial registration. */
  async startTrial(user = newUser()) {
    const res = await this.api('POST', '/api/v1/billing/trial', user.token, trialBody());
    if (res.status !== 200)
      throw new Error(`trial registration answered ${res.status}: ${JSON.stringify(res.body)}`);
    return { user, result: res.body as { customerId: string; subscriptionId: string } };
  }

  private started() {
    if (!this.booted) throw new Error('the billing harness is used before its beforeAll ran');
    return this.booted;
  }
}

export function useBillingHarness(flow: string): BillingHarness {
  const harness = new BillingHarness(flow);
  beforeAll(() => harness.start(), 90_000);
  afterAll(() => harness.stop());
  afterEach(() => harness.proxy.clearFaults());
  return harness;
}
