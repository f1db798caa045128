import { type Logger } from 'pino';
import type Stripe from 'stripe';
import { Topic } from '@core-vault/contracts';
import { type OutboxEntry, type OutboxRelayService } from '@core-vault/platform';
import { FakeCards, FakeCustomers, FakeSubscriptions, as, billingCustomer, refusal } from '../testing/fakes';
import { BillingEvents } from './billing-events';
import { type CheckoutService } from './checkout.service';
import { type CustomerRepository } from './customer.repository';
import { type InvoiceRepository } from './invoice.repository';
import { type StripeEventRepository } from './stripe-event.repository';
import { type StripeEventRecord } from './stripe-event.schema';
import { type SubscriptionRepository } from './subscription.repository';
import { type PlanPrices } from './stripe/plan-prices';
import { type StripeGateway } from './stripe/stripe.gateway';
import { WebhookService } from './webhook.service';
import { CardWebhooks } from './card-webhooks';
import { type PaymentMethodRepository } from './payment-method.repository';

const T0 = 1_790_000_000; // seconds, as Stripe sends event.created

let next = 0;
function event(type: string, object: Record<string, unknown>, created = T0) {
  return {
    id: `evt_${++next}`,
    object: 'event',
    api_version: '2025-08-27.basil',
    created,
    livemode: false,
    type,
    data: { object },
  };
}
function subscription(over: { status?: string; price?: string; customer?: string } = {}) {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: over.customer ?? 'cus_u1',
    status: over.status ?? 'active',
    cancel_at_period_end: false,
    trial_end: null,
    created: T0 - 60,
    metadata: { userId: 'u1' },
    items: {
      object: 'list',
      data: [
        { id: 'si_1', price: { id: over.price ?? 'price_pro_monthly' }, current_period_end: T0 + 86_400 },
      ],
    },
  };
}
function invoice(subscriptionId: string | null) {
  return {
    id: 'in_1',
    object: 'invoice',
    customer: 'cus_u1',
    amount_paid: 999,
    amount_due: 999,
    total: 999,
    currency: 'usd',
    status: 'paid',
    created: T0,
    invoice_pdf: null,
    parent: subscriptionId
      ? { type: 'subscription_details', subscription_details: { subscription: subscriptionId } }
      : null,
    lines: { object: 'list', data: [{ period: { start: T0, end: T0 + 86_400 } }] },
  };
}

function setup() {
  const customers = new FakeCustomers();
  customers.docs.set('u1', billingCustomer('u1'));
  const subscriptions = new FakeSubscriptions();
  const handled = new Map<string, StripeEventRecord['outcome']>();
  const invoiceEntries: OutboxEntry[][] = [];
  const service = new WebhookService(
    // The signature check is the SDK's; here "good" is the only valid signature.
    as<StripeGateway>({
      constructEvent: (raw: Buffer, signature: string) => {
        if (signature !== 'good') throw new Error('No signatures found matching the expected signature');
        return JSON.parse(raw.toString('utf8')) as Stripe.Event;
      },
    }),
    as<StripeEventRepository>({
      seen: (id: string) => Promise.resolve(handled.has(id)),
      record: (e: Omit<StripeEventRecord, 'receivedAt'>) =>
        Promise.resolve(void handled.set(e._id, e.outcome)),
    }),
    as<CustomerRepository>(customers),
    as<SubscriptionRepository>(subscriptions),
    as<InvoiceRepository>({
      apply: (_input: unknown, entries: readonly OutboxEntry[]) => {
        invoiceEntries.push([...entries]);
        return Promise.resolve(true);
      },
    }),
    as<CheckoutService>({ completeFromWebhook: () => Promise.resolve('applied' as const) }),
    new CardWebhooks(
      as<CustomerRepository>(customers),
      as<PaymentMethodRepository>(new FakeCards(customers)),
    ),
    as<PlanPrices>({
      planOf: (price: string | null) => (price === 'price_pro_yearly' ? 'pro_yearly' : 'pro_monthly'),
    }),
    new BillingEvents(),
    as<OutboxRelayService>({ nudge: () => undefined }),
    as<Logger>({ warn: () => undefined }),
  );
  const deliver = (e: object) => service.receive(Buffer.from(JSON.stringify(e)), 'good');
  return { service, customers, subscriptions, handled, invoiceEntries, deliver };
}

describe('WebhookService', () => {
  it('refuses a missing body or signature and a bad signature with 400, recording nothing', async () => {
    const t = setup();
    const body = Buffer.from(JSON.stringify(event('invoice.paid', invoice('sub_1'))));
    for (const [raw, sig] of [
      [undefined, 'good'],
      [body, undefined],
      [body, 'forged'],
    ] as const)
      expect((await refusal(t.service.receive(raw, sig))).status).toBe(400);
    expect(t.handled.size).toBe(0);
  });

  it('mirrors a subscription change with its event and makes a live one the current subscription', async () => {
    const t = setup();
    const e = event('customer.subscription.updated', subscription({ price: 'price_pro_yearly' }));
    await expect(t.deliver(e)).resolves.toEqual({ received: true });
    expect(t.subscriptions.docs.get('sub_1')).toMatchObject({ status: 'active', planId: 'pro_yearly' });
    expect(t.subscriptions.outbox.map((x) => x.topic)).toEqual([Topic.SubscriptionUpdated]);
    expect(t.customers.docs.get('u1')?.subscriptionId).toBe('sub_1');
    expect(t.handled.get(e.id)).toBe('applied');
  });

  it('answers a redelivery as a duplicate without applying it again', async () => {
    const t = setup();
    const e = event('customer.subscription.updated', subscription());
    await t.deliver(e);
    await expect(t.deliver(e)).resolves.toEqual({ received: true, duplicate: true });
    expect(t.subscriptions.outbox).toHaveLength(1);
  });

  it('records an older event as stale and keeps the newer state', async () => {
    const t = setup();
    await t.deliver(event('customer.subscription.updated', subscription({ status: 'past_due' }), T0 + 10));
    const older = event('customer.subscription.updated', subscription({ status: 'active' }), T0);
    await t.deliver(older);
    expect(t.subscriptions.docs.get('sub_1')?.status).toBe('past_due');
    expect(t.handled.get(older.id)).toBe('stale');
  });

  it('announces a deletion as a cancellation and does not make it current', async () => {
    const t = setup();
    await t.deliver(event('customer.subscription.deleted', subscription()));
    expect(t.subscriptions.docs.get('sub_1')?.status).toBe('canceled');
    expect(t.subscriptions.outbox.map((x) => x.topic)).toEqual([Topic.SubscriptionCanceled]);
    expect(t.customers.docs.get('u1')?.subscriptionId).toBeNull();
  });

  it('acknowledges an unknown customer and an unhandled type, changing nothing', async () => {
    const t = setup();
    const stranger = event('customer.subscription.updated', subscription({ customer: 'cus_nobody' }));
    const other = event('customer.created', { id: 'cus_x', object: 'customer' });
    await t.deliver(stranger);
    await t.deliver(other);
    expect(t.handled.get(stranger.id)).toBe('unknown-customer');
    expect(t.handled.get(other.id)).toBe('ignored');
    expect(t.subscriptions.docs.size).toBe(0);
  });

  it('announces a paid invoice of a subscription in major units, and nothing for one outside', async () => {
    const t = setup();
    await t.deliver(event('invoice.paid', invoice('sub_1')));
    await t.deliver(event('invoice.paid', invoice(null)));
    const [withSub, without] = t.invoiceEntries;
    expect(withSub?.map((x) => x.topic)).toEqual([Topic.InvoicePaid]);
    expect(withSub?.[0]?.envelope.data).toMatchObject({ amount: 9.99, currency: 'usd' });
    expect(without).toEqual([]);
  });

  it('acknowledges a signed but malformed event as ignored, and remembers it when it has an id', async () => {
    const t = setup();
    const bad = { ...event('invoice.paid', invoice('sub_1')), data: { object: null } };
    await expect(t.deliver(bad)).resolves.toEqual({ received: true, ignored: true });
    expect(t.handled.get(bad.id)).toBe('ignored');
    await expect(t.deliver(bad)).resolves.toEqual({ received: true, duplicate: true });
  });

  it('does not announce the end of a subscription the user has replaced by subscribing again', async () => {
    const t = setup();
    const doc = t.customers.docs.get('u1');
    if (doc) doc.subscriptionId = 'sub_new';
    await t.deliver(event('customer.subscription.updated', subscription({ status: 'canceled' }), T0 - 1));
    await t.deliver(event('customer.subscription.deleted', subscription()));
    expect(t.subscriptions.docs.get('sub_1')?.status).toBe('canceled');
    expect(t.subscriptions.outbox).toEqual([]);
    // A live state of another subscription is still news (Stripe created one for this customer).
    await t.deliver(event('customer.subscription.updated', subscription({ status: 'active' }), T0 + 1));
    expect(t.subscriptions.outbox.map((x) => x.topic)).toEqual([Topic.SubscriptionUpdated]);
  });
});

function card(id: string, customer: string | null, last4 = '4242') {
  return {
    id,
    object: 'payment_method',
    type: 'card',
    customer,
    card: { brand: 'visa', last4, exp_month: 8, exp_year: 2030 },
  };
}

describe('WebhookService: the cards on file follow Stripe', () => {
  it('mirrors an attached card, a new default and a detached card, each event once', async () => {
    const t = setup();
    const attached = event('payment_method.attached', card('pm_a', 'cus_u1'), T0);
    await t.deliver(attached);
    await t.deliver(attached);
    await t.deliver(event('payment_method.attached', card('pm_b', 'cus_u1', '4444'), T0 + 1));
    await t.deliver(
      event(
        'customer.updated',
        { id: 'cus_u1', invoice_settings: { default_payment_method: 'pm_b' } },
        T0 + 2,
      ),
    );
    let doc = t.customers.docs.get('u1');
    expect(doc?.paymentMethods.map((pm) => pm.id)).toEqual(['pm_a', 'pm_b']);
    expect(doc?.defaultPaymentMethodId).toBe('pm_b');

    // Stripe sends a detached card without its customer; the previous one names the account.
    await t.deliver({
      ...event('payment_method.detached', card('pm_a', null), T0 + 3),
      data: { object: card('pm_a', null), previous_attributes: { customer: 'cus_u1' } },
    });
    doc = t.customers.docs.get('u1');
    expect(doc?.paymentMethods.map((pm) => pm.id)).toEqual(['pm_b']);
    expect(t.handled.get(attached.id)).toBe('applied');
  });

  it('finds the account of a detached card by the card when Stripe gives no previous customer', async () => {
    const t = setup();
    await t.deliver(event('payment_method.attached', card('pm_a', 'cus_u1'), T0));
    await t.deliver(event('payment_method.detached', card('pm_a', null), T0 + 1));
    expect(t.customers.docs.get('u1')?.paymentMethods).toEqual([]);
    expect(t.customers.docs.get('u1')?.defaultPaymentMethodId).toBeNull();
  });

  it('keeps a newer card state over an older event delivered late', async () => {
    const t = setup();
    await t.deliver(event('payment_method.attached', card('pm_a', 'cus_u1'), T0));
    await t.deliver(event('payment_method.detached', card('pm_a', null), T0 + 5));
    const late = event('payment_method.attached', card('pm_a', 'cus_u1'), T0 + 1);
    await t.deliver(late);
    expect(t.customers.docs.get('u1')?.paymentMethods).toEqual([]);
    expect(t.handled.get(late.id)).toBe('stale');
  });

  it('acknowledges cards of unknown customers and refuses none', async () => {
    const t = setup();
    const stranger = event('payment_method.attached', card('pm_x', 'cus_nobody'));
    await t.deliver(stranger);
    expect(t.handled.get(stranger.id)).toBe('unknown-customer');
  });
});
