import { type Producer } from 'kafkajs';
import { type EventPayloads, Topic, productEventCatalog } from '@core-vault/contracts';
import { EventFactory, EventPublisher, type OutboxEntry, createKafka } from '@core-vault/platform';
import { testInfra, testLogger, uniqueSuffix, waitFor } from '@core-vault/platform/testing';
import { call } from '../testing/http';
import { signUpAndSignIn } from '../testing/flows';
import { type IdentityHarness, startIdentity } from '../testing/identity-harness';
import { BillingEventsConsumer } from './billing-events.consumer';

let h: IdentityHarness;
let producer: Producer;
let publisher: EventPublisher;
const billing = new EventFactory(productEventCatalog, 'billing');

beforeAll(async () => {
  h = await startIdentity();
  producer = createKafka({
    clientId: 'billing-test',
    brokers: testInfra().kafkaBrokers,
    logger: testLogger(),
  }).producer();
  await producer.connect();
  publisher = new EventPublisher(producer);
});
afterAll(async () => {
  await producer.disconnect();
  await h.close();
});

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();
const ids = (userId: string) => ({
  userId,
  stripeCustomerId: `cus_${userId}`,
  subscriptionId: `sub_${userId}`,
});

function event<T extends keyof EventPayloads>(topic: T, data: EventPayloads[T]): OutboxEntry {
  return billing.create(topic, data, { key: (data as { userId: string }).userId });
}

const user = (id: string) => h.connection.collection('users').findOne({ _id: id as never });
const processed = (entries: OutboxEntry[]) =>
  waitFor(
    () =>
      h.connection.collection('processed_events').countDocuments({
        _id: { $in: entries.map((e) => `${h.config.BILLING_EVENTS_GROUP}|${e.envelope.id}`) } as never,
      }),
    (n) => n === entries.length,
    { what: 'events processed', timeoutMs: 40_000 },
  );

describe('billing events from the real broker', () => {
  it('trial-started makes the user a Pro trialist, visible in /me after a refresh', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    await publisher.publish([
      event(Topic.TrialStarted, {
        ...ids(s.user.id),
        email: s.email,
        planType: 'Pro',
        trialEnd: at(90 * 24 * 60),
        effectiveAt: at(0),
      }),
    ]);
    await waitFor(
      () => user(s.user.id),
      (u) => u?.['subscriptionStatus'] === 'TRIAL',
      { what: 'trial applied', timeoutMs: 40_000 },
    );
    const res = await call<{ token: string }>(h.baseUrl, 'POST', '/api/v1/auth/refresh', undefined, {
      cookie: s.cookie,
    });
    const me = await call(h.baseUrl, 'GET', '/api/v1/me', undefined, { token: res.body.token });
    expect(me.body).toMatchObject({
      subscriptionStatus: 'TRIAL',
      planType: 'Pro',
      isActive: true,
      trialEnd: at(90 * 24 * 60),
      stripeCustomerId: `cus_${s.user.id}`,
    });
  });

  it('keeps the newest state when deliveries arrive out of order and duplicated', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    const trial = event(Topic.TrialStarted, {
      ...ids(s.user.id),
      email: s.email,
      planType: 'Pro',
      trialEnd: at(500),
      effectiveAt: at(1),
    });
    const paid = event(Topic.InvoicePaid, {
      ...ids(s.user.id),
      invoiceId: 'in_1',
      amount: 9.99,
      currency: 'usd',
      currentPeriodEnd: at(999),
      effectiveAt: at(2),
    });
    const canceled = event(Topic.SubscriptionCanceled, { ...ids(s.user.id), effectiveAt: at(3) });
    // Newest first, then the older ones, with the newest delivered twice more.
    await publisher.publish([canceled]);
    await processed([canceled]);
    await publisher.publish([paid, trial, canceled, canceled]);
    await processed([canceled, paid, trial]);
    expect(await user(s.user.id)).toMatchObject({
      subscriptionStatus: 'CANCELED',
      isActive: false,
      currentPeriodEnd: null,
      trialEnd: null,
      billingStateAt: new Date(at(3)),
    });
  });

  it('maps subscription-updated, invoice-paid and payment-failed', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    const updated = event(Topic.SubscriptionUpdated, {
      ...ids(s.user.id),
      status: 'ACTIVE',
      planType: 'Business',
      trialEnd: null,
      currentPeriodEnd: at(100),
      cancelAtPeriodEnd: false,
      effectiveAt: at(10),
    });
    await publisher.publish([updated]);
    await processed([updated]);
    expect(await user(s.user.id)).toMatchObject({
      subscriptionStatus: 'ACTIVE',
      planType: 'Business',
      isActive: true,
      currentPeriodEnd: new Date(at(100)),
    });

    const failed = event(Topic.PaymentFailed, { ...ids(s.user.id), invoiceId: 'in_2', effectiveAt: at(11) });
    await publisher.publish([failed]);
    await processed([failed]);
    expect(await user(s.user.id)).toMatchObject({
      subscriptionStatus: 'PAST_DUE',
      isActive: true,
      planType: 'Business',
    });

    const paid = event(Topic.InvoicePaid, {
      ...ids(s.user.id),
      invoiceId: 'in_3',
      amount: 29.99,
      currency: 'usd',
      currentPeriodEnd: at(200),
      effectiveAt: at(12),
    });
    await publisher.publish([paid]);
    await processed([paid]);
    expect(await user(s.user.id)).toMatchObject({
      subscriptionStatus: 'ACTIVE',
      isActive: true,
      currentPeriodEnd: new Date(at(200)),
    });
  });

  it('drops an event for an unknown user and carries on', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    const ghost = event(Topic.PaymentFailed, {
      ...ids(`usr_ghost_${uniqueSuffix()}`),
      invoiceId: 'in_x',
      effectiveAt: at(1),
    });
    const real = event(Topic.PaymentFailed, { ...ids(s.user.id), invoiceId: 'in_y', effectiveAt: at(1) });
    await publisher.publish([ghost, real]);
    await processed([ghost, real]);
    expect((await user(s.user.id))?.['subscriptionStatus']).toBe('PAST_DUE');
    expect(await h.connection.collection('users').countDocuments({ _id: ghost.envelope.key as never })).toBe(
      0,
    );
  });

  it('the write itself ignores a replayed event id, even at the same effectiveAt', async () => {
    const s = await signUpAndSignIn(h.baseUrl);
    const consumer = h.app.get(BillingEventsConsumer);
    const failedData = { ...ids(s.user.id), invoiceId: 'in_1', effectiveAt: at(5) };
    const paidData = {
      ...ids(s.user.id),
      invoiceId: 'in_1',
      amount: 1,
      currency: 'usd',
      currentPeriodEnd: null,
      effectiveAt: at(5),
    };
    // The handlers take typed envelopes: the factory's validated envelope with its payload's type.
    const failed = { ...event(Topic.PaymentFailed, failedData).envelope, data: failedData };
    const paid = { ...event(Topic.InvoicePaid, paidData).envelope, data: paidData };
    await consumer.paymentFailed(failed);
    await consumer.invoicePaid(paid);
    await consumer.paymentFailed(failed);
    expect((await user(s.user.id))?.['subscriptionStatus']).toBe('ACTIVE');
  });
});
