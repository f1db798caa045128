import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { TRIAL_DAYS } from '@core-vault/contracts';
import { APP_CONFIG, type ServiceMetrics } from '@core-vault/platform';
import { type BillingConfig } from '../../config';
import { type PaymentMethodMirror } from '../customer.schema';
import {
  type CheckoutSessionView,
  type SubscriptionView,
  checkoutSessionView,
  LIVE_STATUSES,
  subscriptionView,
} from './stripe-views';

export const STRIPE = Symbol('STRIPE');

/** Outcome label of one Stripe answer, for the stripe_calls_total metric. */
export function stripeOutcome(status: number): string {
  if (status < 400) return 'ok';
  if (status === 402) return 'card_error';
  return status < 500 ? 'client_error' : 'server_error';
}

/** Prefixes of the Stripe object ids billing meets; such a path segment becomes `:id`. */
const STRIPE_ID = /^(?:cus|pm|sub|in|pi|seti|cs|bps|price|prod|evt|ch|card|src|si|ii|tok)_[A-Za-z0-9_]+$/;

/** `POST /v1/payment_methods/pm_123/attach` → `POST /v1/payment_methods/:id/attach` (bounded label set). */
export function stripeOperation(method: string, path: string): string {
  const route = path
    .split('?')[0]!
    .split('/')
    .map((segment) => (STRIPE_ID.test(segment) ? ':id' : segment))
    .join('/');
  return `${method} ${route}`;
}

/** The SDK client: stripe-mock in local mode, api.stripe.com in live mode. */
export function createStripeClient(config: BillingConfig, metrics?: ServiceMetrics): Stripe {
  const base =
    config.STRIPE_MODE === 'local' && config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const protocol = base?.protocol === 'https:' ? 'https' : 'http';
  const client = new Stripe(config.STRIPE_SECRET_KEY, {
    timeout: config.STRIPE_TIMEOUT_MS,
    maxNetworkRetries: config.STRIPE_MAX_NETWORK_RETRIES,
    appInfo: { name: 'core-vault-billing' },
    ...(base
      ? { host: base.hostname, port: Number(base.port || (protocol === 'https' ? 443 : 80)), protocol }
      : {}),
  });
  // Every answer, retries included, counted by operation and outcome (network failures surface
  // as exceptions at the call site and as 5xx on our own routes).
  client.on('response', (event) => {
    metrics?.stripeCalls.inc({
      operation: stripeOperation(event.method, event.path),
      outcome: stripeOutcome(event.status),
    });
  });
  return client;
}

export function paymentMethodMirror(pm: Stripe.PaymentMethod): PaymentMethodMirror {
  return {
    id: pm.id,
    brand: pm.card?.brand ?? 'unknown',
    last4: pm.card?.last4 ?? '0000',
    expMonth: pm.card?.exp_month ?? 0,
    expYear: pm.card?.exp_year ?? 0,
  };
}

/**
 * Every Stripe call billing makes, with the idempotency key the caller derives from user id and
 * step, so a retry or a double click repeats a call instead of making a second object.
 */
@Injectable()
export class StripeGateway {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(APP_CONFIG) private readonly config: BillingConfig,
  ) {}

  async createCustomer(
    input: { userId: string; email: string; name: string },
    idempotencyKey: string,
  ): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email: input.email, name: input.name, metadata: { userId: input.userId } },
      { idempotencyKey },
    );
    return customer.id;
  }

  /** Attaches the card and makes it the default for invoices. */
  async attachDefaultPaymentMethod(
    customerId: string,
    paymentMethodId: string,
    idempotencyKey: string,
  ): Promise<PaymentMethodMirror> {
    const pm = await this.stripe.paymentMethods.attach(
      paymentMethodId,
      { customer: customerId },
      { idempotencyKey: `${idempotencyKey}:attach` },
    );
    await this.stripe.customers.update(
      customerId,
      { invoice_settings: { default_payment_method: pm.id } },
      { idempotencyKey: `${idempotencyKey}:default` },
    );
    return paymentMethodMirror(pm);
  }

  /**
   * A live subscription this user already has with this customer (a previous attempt whose
   * answer was lost), so a retry never subscribes twice.
   */
  async findLiveSubscription(customerId: string, userId: string): Promise<SubscriptionView | null> {
    const list = await this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 10 });
    const found = list.data
      .map(subscriptionView)
      .find((s) => s.customerId === customerId && s.userId === userId && LIVE_STATUSES.includes(s.status));
    return found ?? null;
  }

  async createTrialSubscription(
    input: { customerId: string; priceId: string; paymentMethodId: string; userId: string; planId: string },
    idempotencyKey: string,
  ): Promise<SubscriptionView> {
    const sub = await this.stripe.subscriptions.create(
      {
        customer: input.customerId,
        items: [{ price: input.priceId }],
        trial_period_days: TRIAL_DAYS,
        default_payment_method: input.paymentMethodId,
        metadata: { userId: input.userId, planId: input.planId },
      },
      { idempotencyKey },
    );
    return subscriptionView(sub);
  }

  /**
   * A subscription with no trial (a returning user): `error_if_incomplete`, so a declined first
   * payment fails this call (402) and Stripe keeps no incomplete subscription behind.
   */
  async createPaidSubscription(
    input: { customerId: string; priceId: string; paymentMethodId: string; userId: string; planId: string },
    idempotencyKey: string,
  ): Promise<SubscriptionView> {
    const sub = await this.stripe.subscriptions.create(
      {
        customer: input.customerId,
        items: [{ price: input.priceId }],
        default_payment_method: input.paymentMethodId,
        payment_behavior: 'error_if_incomplete',
        metadata: { userId: input.userId, planId: input.planId },
      },
      { idempotencyKey },
    );
    return subscriptionView(sub);
  }

  /**
   * Saves a card on the customer the way Stripe recommends: a SetupIntent confirmed with it (the
   * bank checks the card; on success Stripe attaches it). `requires_action` (3-D Secure) cannot
   * be completed server-side; a failed check carries Stripe's reason in `last_setup_error`.
   */
  async confirmCard(
    customerId: string,
    paymentMethodId: string,
    idempotencyKey: string,
  ): Promise<
    | { ok: true; card: PaymentMethodMirror }
    | { ok: false; reason: 'authentication' | 'declined'; message?: string }
  > {
    const intent = await this.stripe.setupIntents.create(
      {
        customer: customerId,
        payment_method: paymentMethodId,
        payment_method_types: ['card'],
        usage: 'off_session',
        confirm: true,
      },
      { idempotencyKey },
    );
    if (intent.status === 'requires_action') return { ok: false, reason: 'authentication' };
    // A decline normally fails the call itself (402); a failed check Stripe reports on the intent
    // always has a code. (stripe-mock's fixture carries a code-less placeholder error: not a decline.)
    const failed = intent.last_setup_error;
    if (failed?.code) return { ok: false, reason: 'declined', message: failed.message };
    const pm = await this.stripe.paymentMethods.retrieve(paymentMethodId);
    return { ok: true, card: paymentMethodMirror(pm) };
  }

  /** The card pays the customer's invoices and, when given, the live subscription's. */
  async setDefaultPaymentMethod(
    customerId: string,
    paymentMethodId: string,
    subscriptionId: string | null,
    idempotencyKey: string,
  ): Promise<void> {
    await this.stripe.customers.update(
      customerId,
      { invoice_settings: { default_payment_method: paymentMethodId } },
      { idempotencyKey: `${idempotencyKey}:customer` },
    );
    // A subscription's own default overrides the customer's (the trial saga sets one).
    if (subscriptionId)
      await this.stripe.subscriptions.update(
        subscriptionId,
        { default_payment_method: paymentMethodId },
        { idempotencyKey: `${idempotencyKey}:subscription` },
      );
  }

  async detachPaymentMethod(paymentMethodId: string, idempotencyKey: string): Promise<void> {
    await this.stripe.paymentMethods.detach(paymentMethodId, {}, { idempotencyKey });
  }

  /** The subscription's newest open invoice at Stripe (when the mirror missed its webhook). */
  async findOpenInvoice(subscriptionId: string): Promise<string | null> {
    const list = await this.stripe.invoices.list({ subscription: subscriptionId, status: 'open', limit: 1 });
    // Filtered again here: stripe-mock ignores the status filter and answers a draft fixture.
    return list.data.find((inv) => inv.status === 'open')?.id ?? null;
  }

  /** Pays an open invoice now with the given card; a decline throws Stripe's card error. */
  async payInvoice(invoiceId: string, paymentMethodId: string, idempotencyKey: string): Promise<void> {
    await this.stripe.invoices.pay(invoiceId, { payment_method: paymentMethodId }, { idempotencyKey });
  }

  async createCheckoutSession(
    input: {
      userId: string;
      tempUserId: string;
      email: string;
      customerId: string | null;
      priceId: string;
      planId: string;
      successUrl: string;
      cancelUrl: string;
    },
    idempotencyKey: string,
  ): Promise<{ id: string; url: string }> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [{ price: input.priceId, quantity: 1 }],
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
        client_reference_id: input.userId,
        payment_method_collection: 'always',
        subscription_data: {
          trial_period_days: TRIAL_DAYS,
          metadata: { userId: input.userId, planId: input.planId },
        },
        metadata: {
          userId: input.userId,
          tempUserId: input.tempUserId,
          planId: input.planId,
          registration_flow: 'true',
        },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      { idempotencyKey },
    );
    return { id: session.id, url: session.url ?? '' };
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSessionView> {
    return checkoutSessionView(await this.stripe.checkout.sessions.retrieve(id));
  }

  async retrieveSubscription(id: string): Promise<SubscriptionView> {
    return subscriptionView(await this.stripe.subscriptions.retrieve(id));
  }

  async setCancelAtPeriodEnd(id: string, cancel: boolean, idempotencyKey: string): Promise<SubscriptionView> {
    return subscriptionView(
      await this.stripe.subscriptions.update(id, { cancel_at_period_end: cancel }, { idempotencyKey }),
    );
  }

  async changePrice(
    id: string,
    itemId: string,
    priceId: string,
    idempotencyKey: string,
  ): Promise<SubscriptionView> {
    return subscriptionView(
      await this.stripe.subscriptions.update(
        id,
        { items: [{ id: itemId, price: priceId }], proration_behavior: 'create_prorations' },
        { idempotencyKey },
      ),
    );
  }

  async createSetupIntent(customerId: string, idempotencyKey: string): Promise<string> {
    const intent = await this.stripe.setupIntents.create(
      { customer: customerId, payment_method_types: ['card'], usage: 'off_session' },
      { idempotencyKey },
    );
    return intent.client_secret ?? '';
  }

  async createPortalSession(customerId: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: `${this.config.WEB_ORIGIN}/billing`,
    });
    return session.url;
  }

  /** Verifies the signature over the exact bytes; throws on a bad or missing one. */
  constructEvent(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.config.STRIPE_WEBHOOK_SECRET);
  }
}
