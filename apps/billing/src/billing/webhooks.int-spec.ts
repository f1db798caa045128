/**
 * Stripe webhooks: signatures, duplicates, ordering, unknown customers, every handled type.
 * Billing from its entry point against the real infrastructure (stripe-mock behind a
 * fault-injecting proxy, Mongo, Redis, Kafka read back by a tap): see useBillingHarness.
 */
import { Topic } from '@core-vault/contracts';
import { uniqueSuffix } from '@core-vault/platform/testing';
import {
  invoiceObject,
  postWebhook,
  sign,
  signedEvent,
  subscriptionObject,
  useBillingHarness,
} from '../testing/billing-kit';

const h = useBillingHarness('webhooks');

describe('stripe webhooks', () => {
  it('refuses a bad or missing signature with 400 and records nothing', async () => {
    const { result } = await h.startTrial();
    const before = await h.db.collection('stripe_events').countDocuments();
    const good = signedEvent(
      'customer.subscription.updated',
      subscriptionObject({
        id: result.subscriptionId,
        customer: result.customerId,
        userId: 'x',
        status: 'past_due',
      }),
    );
    const tampered = { ...good, payload: good.payload.replace('past_due', 'active') };
    expect((await postWebhook(h.billing.url, tampered)).status).toBe(400);
    const wrongSecret = {
      ...good,
      signature: good.signature.replace(/v1=[a-f0-9]+/, `v1=${'0'.repeat(64)}`),
    };
    expect((await postWebhook(h.billing.url, wrongSecret)).status).toBe(400);
    const missing = await fetch(`${h.billing.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: good.payload,
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    expect(await h.db.collection('stripe_events').countDocuments()).toBe(before);
  });

  it('applies 20 duplicate deliveries once: one state change, one Kafka event', async () => {
    const { user, result } = await h.startTrial();
    const now = Math.floor(Date.now() / 1000);
    const sub = subscriptionObject({
      id: result.subscriptionId,
      customer: result.customerId,
      userId: user.id,
      status: 'past_due',
    });
    const event = signedEvent('customer.subscription.updated', sub, now + 5);
    const answers = await Promise.all(Array.from({ length: 20 }, () => postWebhook(h.billing.url, event)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await h.tap.waitFor(Topic.SubscriptionUpdated, user.id);
    // A later change of the same subscription: once it is on the broker, any duplicate would be too.
    const later = signedEvent('customer.subscription.updated', { ...sub, status: 'active' }, now + 10);
    expect((await postWebhook(h.billing.url, later)).status).toBe(200);
    const updates = await h.tap.waitFor(Topic.SubscriptionUpdated, user.id, 2);
    expect(updates.map((u) => u.envelope.data['status'])).toEqual(['PAST_DUE', 'ACTIVE']);
    expect(await h.db.collection('stripe_events').countDocuments({ _id: event.id as never })).toBe(1);
  });

  it('never lets an older event overwrite a newer state', async () => {
    const { user, result } = await h.startTrial();
    const now = Math.floor(Date.now() / 1000);
    const sub = subscriptionObject({
      id: result.subscriptionId,
      customer: result.customerId,
      userId: user.id,
    });
    const newer = signedEvent('customer.subscription.updated', { ...sub, status: 'past_due' }, now + 20);
    const older = signedEvent(
      'customer.subscription.updated',
      { ...sub, status: 'active', cancel_at_period_end: true },
      now + 10,
    );
    expect((await postWebhook(h.billing.url, newer)).status).toBe(200);
    expect((await postWebhook(h.billing.url, older)).status).toBe(200);
    const stored = await h.db.collection('subscriptions').findOne({ _id: result.subscriptionId as never });
    expect(stored).toMatchObject({ status: 'past_due', cancelAtPeriodEnd: false });
    expect(await h.db.collection('stripe_events').findOne({ _id: older.id as never })).toMatchObject({
      outcome: 'stale',
    });
    const deleted = signedEvent('customer.subscription.deleted', { ...sub, status: 'canceled' }, now + 30);
    expect((await postWebhook(h.billing.url, deleted)).status).toBe(200);
    const [canceled] = await h.tap.waitFor(Topic.SubscriptionCanceled, user.id);
    expect(canceled?.envelope.data).toMatchObject({ subscriptionId: result.subscriptionId });
    expect(h.tap.of(Topic.SubscriptionUpdated, user.id).map((u) => u.envelope.data['status'])).toEqual([
      'PAST_DUE',
    ]);
  });

  it('acknowledges a valid event for an unknown customer and changes nothing', async () => {
    const stranger = subscriptionObject({
      id: `sub_unknown_${uniqueSuffix()}`,
      customer: `cus_unknown_${uniqueSuffix()}`,
      userId: 'nobody',
    });
    const event = signedEvent('customer.subscription.updated', stranger);
    const res = await postWebhook(h.billing.url, event);
    expect(res).toMatchObject({ status: 200, body: { received: true } });
    expect(await h.db.collection('subscriptions').findOne({ _id: stranger.id as never })).toBeNull();
    expect(await h.db.collection('stripe_events').findOne({ _id: event.id as never })).toMatchObject({
      outcome: 'unknown-customer',
    });
    expect((await postWebhook(h.billing.url, event)).body).toMatchObject({ duplicate: true });
  });

  it('turns every handled type into its Kafka event', async () => {
    const { user, result } = await h.startTrial();
    const ids = { customer: result.customerId, userId: user.id };
    const sub = subscriptionObject({ id: result.subscriptionId, ...ids });
    const t = Math.floor(Date.now() / 1000);
    const events = [
      signedEvent('customer.subscription.created', sub, t + 1),
      signedEvent('customer.subscription.trial_will_end', sub, t + 2),
      signedEvent(
        'invoice.payment_failed',
        invoiceObject({
          id: `in_f_${user.id}`,
          customer: result.customerId,
          subscription: result.subscriptionId,
          amount: 999,
          status: 'open',
        }),
        t + 3,
      ),
      signedEvent(
        'invoice.paid',
        invoiceObject({
          id: `in_p_${user.id}`,
          customer: result.customerId,
          subscription: result.subscriptionId,
          amount: 999,
        }),
        t + 4,
      ),
      signedEvent('customer.subscription.deleted', { ...sub, status: 'canceled' }, t + 5),
      signedEvent('customer.created', { id: result.customerId, object: 'customer' }, t + 6),
    ];
    for (const e of events) expect((await postWebhook(h.billing.url, e)).status).toBe(200);
    const [willEnd] = await h.tap.waitFor(Topic.TrialWillEnd, user.id);
    expect(willEnd?.envelope.data['trialEnd']).toBe(new Date(sub.trial_end! * 1000).toISOString());
    const [failed] = await h.tap.waitFor(Topic.PaymentFailed, user.id);
    expect(failed?.envelope.data).toMatchObject({
      invoiceId: `in_f_${user.id}`,
      effectiveAt: new Date((t + 3) * 1000).toISOString(),
    });
    await h.tap.waitFor(Topic.InvoicePaid, user.id);
    await h.tap.waitFor(Topic.SubscriptionUpdated, user.id);
    await h.tap.waitFor(Topic.SubscriptionCanceled, user.id);
    expect(await h.db.collection('stripe_events').findOne({ _id: events[5]!.id as never })).toMatchObject({
      outcome: 'ignored',
    });
  });

  it('refuses a body that is not the signed JSON', async () => {
    const signed = sign('{"id":"evt_x","object":"event"');
    const res = await postWebhook(h.billing.url, signed);
    expect(res.status).toBe(400);
  });
});
