/**
 * Account billing calls: details, cancel at period end, resume, change plan, invoices.
 * Billing from its entry point against the real infrastructure (stripe-mock behind a
 * fault-injecting proxy, Mongo, Redis, Kafka read back by a tap): see useBillingHarness.
 */
import { Topic } from '@core-vault/contracts';
import { invoiceObject, newUser, postWebhook, signedEvent, useBillingHarness } from '../testing/billing-kit';

const h = useBillingHarness('account');

describe('account billing calls', () => {
  it('shows empty lists and 404s to a user without a subscription', async () => {
    const user = newUser();
    expect((await h.api('GET', '/api/v1/billing/subscription', user.token)).body).toEqual({
      subscriptions: [],
      payment_methods: [],
      customer_id: null,
    });
    expect((await h.api('GET', '/api/v1/billing/invoices', user.token)).body).toEqual({ invoices: [] });
    const cancel = await h.api('POST', '/api/v1/billing/subscription/cancel', user.token, {});
    expect(cancel).toMatchObject({ status: 404, body: { message: 'No subscription found to cancel' } });
    const resume = await h.api('POST', '/api/v1/billing/subscription/resume', user.token, {});
    expect(resume).toMatchObject({ status: 404, body: { message: 'No subscription found to resume' } });
    expect((await h.api('POST', '/api/v1/billing/portal-session', user.token, {})).status).toBe(404);
  });

  it('never acts on a subscription id the client sends', async () => {
    const { result } = await h.startTrial();
    const intruder = newUser();
    const res = await h.api('POST', '/api/v1/billing/subscription/cancel', intruder.token, {
      subscriptionId: result.subscriptionId,
    });
    expect(res.status).toBe(400);
    expect(res.body['message']).toBe('Unknown field "subscriptionId".');
    const mine = await h.api('POST', '/api/v1/billing/subscription/cancel', intruder.token, {});
    expect(mine.status).toBe(404);
  });

  it('lists details, cancels at period end, resumes and changes plan, announcing each change', async () => {
    const { user, result } = await h.startTrial();
    const details = await h.api('GET', '/api/v1/billing/subscription', user.token);
    expect(details.body).toMatchObject({
      customer_id: result.customerId,
      subscriptions: [{ id: result.subscriptionId, cancel_at_period_end: false, plan_id: 'pro_monthly' }],
      payment_methods: [{ id: 'pm_card_visa', is_default: true, card: { brand: 'visa', last4: '4242' } }],
    });

    const cancel = await h.api('POST', '/api/v1/billing/subscription/cancel', user.token, {});
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({
      cancel_at_period_end: true,
      message: expect.stringContaining('canceled successfully'),
    });
    const [canceled] = await h.tap.waitFor(Topic.SubscriptionUpdated, user.id);
    expect(canceled?.envelope.data).toMatchObject({
      cancelAtPeriodEnd: true,
      status: 'TRIAL',
      subscriptionId: result.subscriptionId,
    });

    const resume = await h.api('POST', '/api/v1/billing/subscription/resume', user.token, {});
    expect(resume.body).toMatchObject({
      cancel_at_period_end: false,
      message: 'Subscription resumed successfully!',
    });
    const updates = await h.tap.waitFor(Topic.SubscriptionUpdated, user.id, 2);
    expect(updates[1]?.envelope.data['cancelAtPeriodEnd']).toBe(false);

    const change = await h.api('POST', '/api/v1/billing/subscription/change-plan', user.token, {
      planType: 'pro_yearly',
    });
    expect(change.status).toBe(200);
    expect(change.body['plan_id']).toBe('pro_yearly');
    const update = h.proxy.callsFor(
      user.id,
      'POST',
      new RegExp(`^/v1/subscriptions/${result.subscriptionId}$`),
    );
    expect(update.length).toBe(3);
    expect(
      (
        await h.api('POST', '/api/v1/billing/subscription/change-plan', user.token, {
          planType: 'pro_yearly',
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await h.api('POST', '/api/v1/billing/subscription/change-plan', user.token, {
          planType: 'business_monthly',
        })
      ).body['message'],
    ).toBe('Invalid plan type');

    const intent = await h.api('POST', '/api/v1/billing/payment-methods/setup-intent', user.token, {});
    expect(intent.status).toBe(201);
    expect(intent.body['clientSecret']).toMatch(/^seti_/);
    const portal = await h.api('POST', '/api/v1/billing/portal-session', user.token, {});
    expect(portal.status).toBe(201);
    expect(portal.body['url']).toMatch(/^https:\/\//);
  });

  it('answers a Stripe outage on cancel with "Unable to cancel subscription" and keeps the state', async () => {
    const { user } = await h.startTrial();
    h.proxy.fail({ method: 'POST', path: /^\/v1\/subscriptions\/.+$/, times: 1, status: 500 });
    const res = await h.api('POST', '/api/v1/billing/subscription/cancel', user.token, {});
    expect(res.status).toBe(502);
    expect(res.body['message']).toBe('Unable to cancel subscription. Please try again later.');
    const details = await h.api('GET', '/api/v1/billing/subscription', user.token);
    expect(
      (details.body['subscriptions'] as { cancel_at_period_end: boolean }[])[0]?.cancel_at_period_end,
    ).toBe(false);
  });

  it('lists the latest 5 invoices in major units from invoice.paid webhooks', async () => {
    const { user, result } = await h.startTrial();
    const base = Math.floor(Date.now() / 1000) - 1000;
    for (let i = 0; i < 6; i++) {
      const inv = invoiceObject({
        id: `in_${user.id}_${i}`,
        customer: result.customerId,
        subscription: result.subscriptionId,
        amount: 999,
        created: base + i,
      });
      expect((await postWebhook(h.billing.url, signedEvent('invoice.paid', inv, base + i))).status).toBe(200);
    }
    const history = await h.api('GET', '/api/v1/billing/invoices', user.token);
    const invoices = history.body['invoices'] as {
      id: string;
      amount: number;
      currency: string;
      status: string;
      pdf_url: string;
    }[];
    expect(invoices.map((i) => i.id)).toEqual([5, 4, 3, 2, 1].map((i) => `in_${user.id}_${i}`));
    expect(invoices[0]).toMatchObject({
      amount: 9.99,
      currency: 'usd',
      status: 'paid',
      pdf_url: expect.stringContaining('.pdf'),
    });
    const paid = await h.tap.waitFor(Topic.InvoicePaid, user.id, 6);
    expect(paid[0]?.envelope.data).toMatchObject({ amount: 9.99, currency: 'usd' });
  });
});
