import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import type Stripe from 'stripe';
import { LOGGER, OutboxRelayService } from '@core-vault/platform';
import { BillingException } from './billing.exception';
import { BillingEvents, majorUnits } from './billing-events';
import { CardWebhooks } from './card-webhooks';
import { CheckoutService } from './checkout.service';
import { CustomerRepository } from './customer.repository';
import { InvoiceRepository } from './invoice.repository';
import { SubscriptionRepository } from './subscription.repository';
import { StripeEventRepository } from './stripe-event.repository';
import { type StripeEventRecord } from './stripe-event.schema';
import { PlanPrices } from './stripe/plan-prices';
import { StripeGateway } from './stripe/stripe.gateway';
import { checkEventShape, type EventShape } from './stripe/stripe-event-shape';
import { checkoutSessionView, invoiceView, LIVE_STATUSES, subscriptionView } from './stripe/stripe-views';

type Outcome = StripeEventRecord['outcome'];

/**
 * Stripe webhooks: the signature is checked over the exact bytes; each event id is applied once;
 * an older event never overwrites a newer state (event.created against the mirror's
 * stripeUpdatedAt); every effect and its Kafka event are one single-document write.
 */
@Injectable()
export class WebhookService {
  constructor(
    private readonly stripe: StripeGateway,
    private readonly handled: StripeEventRepository,
    private readonly customers: CustomerRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly invoices: InvoiceRepository,
    private readonly checkout: CheckoutService,
    private readonly cards: CardWebhooks,
    private readonly prices: PlanPrices,
    private readonly events: BillingEvents,
    private readonly relay: OutboxRelayService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async receive(rawBody: Buffer | undefined, signature: string | undefined) {
    if (!rawBody?.length || !signature) throw BillingException.invalidSignature();
    let event: Stripe.Event;
    try {
      event = this.stripe.constructEvent(rawBody, signature);
    } catch {
      this.logger.warn('stripe webhook with a bad signature refused');
      throw BillingException.invalidSignature();
    }
    const shape = checkEventShape(event);
    if (!shape.ok) return this.ignoreMalformed(shape, event);
    if (await this.handled.seen(event.id)) return { received: true as const, duplicate: true };
    const outcome = await this.dispatch(event);
    await this.handled.record(
      { _id: event.id, type: event.type, outcome, stripeCreatedAt: new Date(event.created * 1000) },
      new Date(),
    );
    if (outcome === 'applied') this.relay.nudge();
    if (outcome === 'unknown-customer')
      this.logger.warn(
        { eventId: event.id, type: event.type },
        'stripe event for an unknown customer acknowledged',
      );
    return { received: true as const };
  }

  /**
   * Signed by Stripe, so not an attack, but nothing billing can apply: a 2xx (Stripe would
   * otherwise retry it for days), a warning naming the problem, and — when it has an id — a
   * record as ignored, so replays are answered as duplicates. Nothing else is written.
   */
  private async ignoreMalformed(shape: Extract<EventShape, { ok: false }>, event: unknown) {
    const { record, problem } = shape;
    // Whatever id and type it has, for finding it in Stripe's dashboard.
    const { id, type } = (event ?? {}) as { id?: unknown; type?: unknown };
    this.logger.warn(
      {
        eventId: typeof id === 'string' ? id.slice(0, 255) : undefined,
        type: typeof type === 'string' ? type.slice(0, 255) : undefined,
        problem,
      },
      'malformed stripe event acknowledged and ignored',
    );
    if (!record) return { received: true as const, ignored: true };
    if (await this.handled.seen(record.id)) return { received: true as const, duplicate: true };
    await this.handled.record(
      {
        _id: record.id,
        type: record.type,
        outcome: 'ignored',
        stripeCreatedAt: new Date(record.created * 1000),
      },
      new Date(),
    );
    return { received: true as const, ignored: true };
  }

  private async dispatch(event: Stripe.Event): Promise<Outcome> {
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.subscriptionChanged(event.data.object, event.id, at, event.type.endsWith('deleted'));
      case 'customer.subscription.trial_will_end':
        return this.trialWillEnd(event.data.object, event.id, at);
      case 'invoice.paid':
      case 'invoice.payment_failed':
        return this.invoiceChanged(event.data.object, event.id, at, event.type === 'invoice.paid');
      case 'checkout.session.completed':
        return this.checkout.completeFromWebhook(checkoutSessionView(event.data.object), event.id);
      case 'payment_method.attached':
        return this.cards.attached(event.data.object, event.id, at);
      case 'payment_method.detached':
        return this.cards.detached(event.data.object, event.data.previous_attributes, event.id, at);
      case 'customer.updated':
        return this.cards.customerUpdated(event.data.object, event.id, at);
      default:
        return 'ignored';
    }
  }

  private async subscriptionChanged(
    obj: Stripe.Subscription,
    eventId: string,
    at: Date,
    deleted: boolean,
  ): Promise<Outcome> {
    const view = subscriptionView(obj);
    const customer = await this.customers.findByStripeCustomerId(view.customerId);
    if (!customer) return 'unknown-customer';
    const status = deleted ? 'canceled' : view.status;
    const planId = this.prices.planOf(view.priceId);
    const fields = {
      status,
      planId,
      priceId: view.priceId,
      itemId: view.itemId,
      cancelAtPeriodEnd: view.cancelAtPeriodEnd,
      trialEnd: view.trialEnd,
      currentPeriodEnd: view.currentPeriodEnd,
    };
    const ids = { userId: customer._id, stripeCustomerId: view.customerId, subscriptionId: view.id };
    // The end (or any non-live state) of a subscription that is no longer the account's — the
    // user has subscribed again since — is mirrored but announced to nobody: it must not turn the
    // new subscription's access off.
    const superseded =
      !LIVE_STATUSES.includes(status) &&
      customer.subscriptionId !== null &&
      customer.subscriptionId !== view.id;
    const entry = deleted
      ? this.events.subscriptionCanceled(ids, at)
      : this.events.subscriptionUpdated(
          { _id: view.id, userId: customer._id, stripeCustomerId: view.customerId, ...fields },
          at,
        );
    const applied = await this.subscriptions.apply(
      { id: view.id, userId: customer._id, stripeCustomerId: view.customerId, fields, at },
      superseded ? [] : [entry],
      eventId,
      new Date(),
    );
    if (!applied) return 'stale';
    if (LIVE_STATUSES.includes(status))
      await this.customers.setCurrentSubscription(customer._id, view.id, new Date());
    return 'applied';
  }

  private async trialWillEnd(obj: Stripe.Subscription, eventId: string, at: Date): Promise<Outcome> {
    const view = subscriptionView(obj);
    const customer = await this.customers.findByStripeCustomerId(view.customerId);
    if (!customer) return 'unknown-customer';
    if (!view.trialEnd) return 'ignored';
    const ids = { userId: customer._id, stripeCustomerId: view.customerId, subscriptionId: view.id };
    const applied = await this.subscriptions.notice(
      { id: view.id, userId: customer._id, stripeCustomerId: view.customerId },
      [this.events.trialWillEnd(ids, view.trialEnd, at)],
      eventId,
      new Date(),
    );
    return applied ? 'applied' : 'stale';
  }

  private async invoiceChanged(
    obj: Stripe.Invoice,
    eventId: string,
    at: Date,
    paid: boolean,
  ): Promise<Outcome> {
    const view = invoiceView(obj);
    const customer = await this.customers.findByStripeCustomerId(view.customerId);
    if (!customer) return 'unknown-customer';
    const ids = view.subscriptionId
      ? { userId: customer._id, stripeCustomerId: view.customerId, subscriptionId: view.subscriptionId }
      : null;
    // Invoices outside a subscription are mirrored for the history but announce nothing.
    const entries = !ids
      ? []
      : paid
        ? [
            this.events.invoicePaid(
              ids,
              {
                id: view.id,
                amount: majorUnits(view.amountMinor, view.currency),
                currency: view.currency,
                periodEnd: view.periodEnd,
              },
              at,
            ),
          ]
        : [this.events.paymentFailed(ids, view.id, at)];
    const applied = await this.invoices.apply(
      {
        id: view.id,
        userId: customer._id,
        stripeCustomerId: view.customerId,
        fields: {
          subscriptionId: view.subscriptionId,
          amountMinor: view.amountMinor,
          currency: view.currency,
          status: paid ? 'paid' : view.status,
          pdfUrl: view.pdfUrl,
          issuedAt: view.issuedAt,
          periodEnd: view.periodEnd,
        },
        at,
      },
      entries,
      eventId,
    );
    return applied ? 'applied' : 'stale';
  }
}
