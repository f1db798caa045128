/**
 * Every subscription state has a way forward (#17): the time-based transitions Stripe drives
 * (trial ends, renewal paid, renewal fails, cancellation takes effect) arrive as signed webhook
 * sequences — stripe-mock is stateless and has no test clocks — and the user's ways out of each:
 * pay the open invoice when past due, subscribe again (no second trial) once canceled.
 * Billing from its entry point against real Mongo, Kafka (events read back) and stripe-mock.
 */
import { Topic } from '@core-vault/contracts';
import {
  invoiceObject,
  newUser,
  postWebhook,
  signedEvent,
  subscriptionObject,
  trialBody,
  useBillingHarness,
} from '../testing/billing-kit';

const h = useBillingHarness('resubscribe');
const now = () => Math.floor(Date.now() / 1000);

async function deliver(type: string, object: Record<string, unknown>, created: number) {
  const res = await postWebhook(h.billing.url, signedEvent(type, object, created));
  expect(res).toMatchObject({ status: 200, body: { received: true } });
}

async function subscriptions(token: string) {
  const res = await h.api('GET', '/api/v1/billing/subscription', token);
  return res.body['subscriptions'] as { id: string; status: string; cancel_at_period_end: boolean }[];
}

describe('subscription lifecycle driven by signed webhooks', () => {
  it('trial ends → renewal paid → renewal fails (past due) → the user pays the open invoice', async () => {
    const { user, result } = await h.startTrial();
    const sub = { id: result.subscriptionId, customer: result.customerId, userId: user.id };
    const t0 = now();
    await deliver('customer.subscription.trial_will_end', subscriptionObject(sub), t0 - 50);
    await h.tap.waitFor(Topic.TrialWillEnd, user.id);

    // The trial is over: Stripe bills the first period, the subscription becomes active.
    await deliver(
      'customer.subscription.updated',
      subscriptionObject({ ...sub, status: 'active', trialEnd: null }),
      t0 - 40,
    );
    const paid = invoiceObject({
      id: `in_${user.id}_1`,
      customer: sub.customer,
      subscription: sub.id,
      amount: 999,
      created: t0 - 40,
    });
    await deliver('invoice.paid', paid, t0 - 40);
    const [active] = await h.tap.waitFor(Topic.SubscriptionUpdated, user.id);
    expect(active?.envelope.data).toMatchObject({ status: 'ACTIVE', subscriptionId: sub.id });
    await h.tap.waitFor(Topic.InvoicePaid, user.id);

    // The renewal fails: an open invoice and a past-due subscription.
    const open = invoiceObject({
      id: `in_${user.id}_2`,
      customer: sub.customer,
      subscription: sub.id,
      amount: 999,
      status: 'open',
      created: t0 - 30,
    });
    await deliver('invoice.payment_failed', open, t0 - 30);
    await deliver(
      'customer.subscription.updated',
      subscriptionObject({ ...sub, status: 'past_due', trialEnd: null }),
      t0 - 30,
    );
    await h.tap.waitFor(Topic.PaymentFailed, user.id);
    const updates = await h.tap.waitFor(Topic.SubscriptionUpdated, user.id, 2);
    expect(updates[1]?.envelope.data['status']).toBe('PAST_DUE');

    const retry = await h.api('POST', '/api/v1/billing/subscription/retry-payment', user.token, {});
    expect(retry).toMatchObject({
      status: 200,
      body: {
        success: true,
        subscriptionId: sub.id,
        message: 'Payment successful! Your subscription is active again.',
      },
    });
    expect(h.proxy.callsFor(user.id, 'POST', new RegExp(`^/v1/invoices/${open.id}/pay$`))).toHaveLength(1);
    const after = await h.tap.waitFor(Topic.SubscriptionUpdated, user.id, 3);
    expect(after[2]?.envelope.data['status']).toBe('ACTIVE');
    const history = await h.api('GET', '/api/v1/billing/invoices', user.token);
    expect(history.body['invoices']).toEqual([
      expect.objectContaining({ id: open.id, status: 'paid' }),
      expect.objectContaining({ id: paid.id, status: 'paid' }),
    ]);
    // Nothing left to pay.
    const again = await h.api('POST', '/api/v1/billing/subscription/retry-payment', user.token, {});
    expect(again.status).toBe(404);
  });

  it('a declined retry keeps the subscription past due and says why', async () => {
    const { user, result } = await h.startTrial();
    const sub = { id: result.subscriptionId, customer: result.customerId, userId: user.id };
    const t0 = now();
    await deliver(
      'invoice.payment_failed',
      invoiceObject({
        id: `in_${user.id}_f`,
        customer: sub.customer,
        subscription: sub.id,
        amount: 999,
        status: 'open',
      }),
      t0 - 10,
    );
    await deliver(
      'customer.subscription.updated',
      subscriptionObject({ ...sub, status: 'past_due', trialEnd: null }),
      t0 - 10,
    );
    await h.tap.waitFor(Topic.PaymentFailed, user.id);
    h.proxy.fail({
      method: 'POST',
      path: /^\/v1\/invoices\/.+\/pay$/,
      times: 1,
      status: 402,
      body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
    });
    const res = await h.api('POST', '/api/v1/billing/subscription/retry-payment', user.token, {});
    expect(res).toMatchObject({
      status: 402,
      body: { code: 'card_declined', message: 'Your card was declined.' },
    });
    expect((await subscriptions(user.token))[0]?.status).toBe('past_due');
  });

  it('cancel at period end → canceled by Stripe → no second trial → subscribes again and pays at once', async () => {
    const { user, result } = await h.startTrial();
    const cancel = await h.api('POST', '/api/v1/billing/subscription/cancel', user.token, {});
    expect(cancel.status).toBe(200);
    // The period ends: Stripe deletes the subscription and says so.
    const ended = subscriptionObject({
      id: result.subscriptionId,
      customer: result.customerId,
      userId: user.id,
      status: 'canceled',
      cancelAtPeriodEnd: true,
    });
    await deliver('customer.subscription.deleted', ended, now() + 1);
    const [canceled] = await h.tap.waitFor(Topic.SubscriptionCanceled, user.id);
    expect(canceled?.envelope.data).toMatchObject({ subscriptionId: result.subscriptionId });
    expect((await subscriptions(user.token))[0]?.status).toBe('canceled');

    // The old registration is complete and its subscription over: no second free trial.
    const trial = await h.api('POST', '/api/v1/billing/trial', user.token, trialBody());
    expect(trial).toMatchObject({ status: 409, body: { code: 'TRIAL_ALREADY_USED' } });
    expect(h.tap.of(Topic.TrialStarted, user.id)).toHaveLength(1);

    const res = await h.api('POST', '/api/v1/billing/subscription', user.token, { planType: 'pro_yearly' });
    expect(res).toMatchObject({
      status: 201,
      body: { success: true, cancel_at_period_end: false, plan_id: 'pro_yearly' },
    });
    const created = h.proxy.callsFor(user.id, 'POST', /^\/v1\/subscriptions$/);
    expect(created.map((c) => c.idempotencyKey)).toContain(
      `cv:${user.id}:subscribe:pro_yearly:pm_card_visa:1`,
    );
    const updates = await h.tap.waitFor(Topic.SubscriptionUpdated, user.id, 2);
    expect(updates.at(-1)?.envelope.data).toMatchObject({
      status: 'ACTIVE',
      subscriptionId: res.body['subscriptionId'],
      trialEnd: null,
    });
    const subs = await subscriptions(user.token);
    expect(subs.map((s) => s.status).sort()).toEqual(['active', 'canceled']);

    // Subscribed again: a second subscribe is refused.
    const twice = await h.api('POST', '/api/v1/billing/subscription', user.token, { planType: 'pro_yearly' });
    expect(twice).toMatchObject({
      status: 409,
      body: { message: 'You already have an active subscription.' },
    });
  });

  it('a declined card on resubscribe leaves no subscription and no event', async () => {
    const { user, result } = await h.startTrial();
    await deliver(
      'customer.subscription.deleted',
      subscriptionObject({
        id: result.subscriptionId,
        customer: result.customerId,
        userId: user.id,
        status: 'canceled',
      }),
      now() + 1,
    );
    await h.tap.waitFor(Topic.SubscriptionCanceled, user.id);
    h.proxy.fail({
      method: 'POST',
      path: /^\/v1\/subscriptions$/,
      times: 1,
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      },
    });
    const res = await h.api('POST', '/api/v1/billing/subscription', user.token, { planType: 'pro_monthly' });
    expect(res).toMatchObject({
      status: 402,
      body: { code: 'card_declined', message: 'Your card has insufficient funds.' },
    });
    expect((await subscriptions(user.token)).map((s) => s.status)).toEqual(['canceled']);
    expect(h.tap.of(Topic.SubscriptionUpdated, user.id)).toHaveLength(0);
  });

  it('a user without a billing account is sent to the trial, and bad input is a clear 400', async () => {
    const user = newUser();
    const res = await h.api('POST', '/api/v1/billing/subscription', user.token, { planType: 'pro_monthly' });
    expect(res).toMatchObject({ status: 404, body: { code: 'NO_BILLING_ACCOUNT' } });
    const bad = await h.api('POST', '/api/v1/billing/subscription', user.token, {
      planType: 'pro_monthly',
      paymentMethodId: 'card_1',
    });
    expect(bad.status).toBe(400);
  });
});
