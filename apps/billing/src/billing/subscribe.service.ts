import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import { type AuthUser, BILLING_MESSAGES, type SubscribeBody, isSelectablePlan } from '@core-vault/contracts';
import { LOGGER, OutboxRelayService } from '@core-vault/platform';
import { BillingException } from './billing.exception';
import { BillingEvents, toSecond } from './billing-events';
import { CustomerRepository } from './customer.repository';
import { InvoiceRepository } from './invoice.repository';
import { PaymentMethodsService } from './payment-methods.service';
import { SubscriptionRepository } from './subscription.repository';
import { type SubscriptionMirror } from './subscription.schema';
import { PlanPrices } from './stripe/plan-prices';
import { StripeGateway } from './stripe/stripe.gateway';
import { stripeFailure } from './stripe/stripe-errors';
import { LIVE_STATUSES } from './stripe/stripe-views';

/**
 * Statuses that already give the user a subscription. An `incomplete` one (its first payment never
 * went through; Stripe expires it within a day) gives no access, so it does not stand in the way.
 */
const HOLDING = LIVE_STATUSES.filter((status) => status !== 'incomplete');

/** Statuses whose subscription has an unpaid renewal the user can pay from the billing screen. */
const PAST_DUE = ['past_due', 'unpaid'];

/**
 * The ways forward of a subscription that ended or stopped paying: subscribe again (no second
 * trial: a returning user pays at once) and pay a past-due invoice. Stripe first; the mirror and
 * the event identity reads follow in one write, so a declined card leaves nothing behind.
 */
@Injectable()
export class SubscribeService {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly paymentMethods: PaymentMethodsService,
    private readonly subscriptions: SubscriptionRepository,
    private readonly invoices: InvoiceRepository,
    private readonly stripe: StripeGateway,
    private readonly prices: PlanPrices,
    private readonly events: BillingEvents,
    private readonly relay: OutboxRelayService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async subscribe(user: AuthUser, body: SubscribeBody) {
    const planId = body.planType;
    if (!isSelectablePlan(planId)) throw BillingException.invalidPlan();
    const customer = await this.customers.findById(user.id);
    if (!customer?.stripeCustomerId) throw BillingException.noCustomer();
    const customerId = customer.stripeCustomerId;
    const subs = await this.subscriptions.forUser(user.id);
    if (subs.some((s) => HOLDING.includes(s.status)))
      throw new BillingException(409, 'ALREADY_SUBSCRIBED', BILLING_MESSAGES.alreadySubscribed);

    const paymentMethodId = body.paymentMethodId ?? customer.defaultPaymentMethodId;
    if (!paymentMethodId) throw new BillingException(400, 'NO_PAYMENT_METHOD', BILLING_MESSAGES.noCardOnFile);
    // A new card given with the comeback is confirmed, made the default and mirrored before it pays.
    if (body.paymentMethodId)
      await this.paymentMethods.save(customer, body.paymentMethodId, {
        makeDefault: true,
        subscriptionId: null,
      });

    // The attempt number keeps a double click on one key, and a later comeback on a new one.
    const key = `cv:${user.id}:subscribe:${planId}:${paymentMethodId}:${subs.length}`;
    let view;
    try {
      // An earlier attempt may have subscribed and lost the answer: reuse, never subscribe twice
      // (an incomplete one is not reused: it never got paid).
      const earlier = await this.stripe.findLiveSubscription(customerId, user.id);
      view =
        earlier && HOLDING.includes(earlier.status)
          ? earlier
          : await this.stripe.createPaidSubscription(
              { customerId, priceId: this.prices.priceOf(planId), paymentMethodId, userId: user.id, planId },
              key,
            );
    } catch (err) {
      this.logger.warn({ userId: user.id, err }, 'subscribing again failed');
      throw stripeFailure(err, BILLING_MESSAGES.subscribeFailed);
    }
    const now = new Date();
    const fields = {
      status: view.status,
      planId,
      priceId: view.priceId,
      itemId: view.itemId,
      // Just created without a trial: not cancelling, no trial (stripe-mock's fixture says otherwise).
      cancelAtPeriodEnd: false,
      trialEnd: null,
      currentPeriodEnd: view.currentPeriodEnd,
    };
    const mirror = { _id: view.id, userId: user.id, stripeCustomerId: customerId, ...fields };
    await this.subscriptions.apply(
      { id: view.id, userId: user.id, stripeCustomerId: customerId, fields, at: toSecond(now) },
      [this.events.subscriptionUpdated(mirror, now)],
      null,
      now,
    );
    await this.customers.setCurrentSubscription(user.id, view.id, now);
    this.relay.nudge();
    this.logger.info({ userId: user.id, subscriptionId: view.id }, 'subscribed again');
    return answer(view.id, BILLING_MESSAGES.subscribed, false, planId);
  }

  /** Past due: pays the open invoice with the default card (fix the card first on the same screen). */
  async retryPayment(user: AuthUser) {
    const customer = await this.customers.findById(user.id);
    if (!customer?.stripeCustomerId) throw BillingException.noSubscription();
    const subs = await this.subscriptions.forUser(user.id);
    const pastDue = subs.filter((s) => PAST_DUE.includes(s.status));
    const sub = pastDue.find((s) => s._id === customer.subscriptionId) ?? pastDue[0];
    if (!sub) throw BillingException.noSubscription();
    const card = customer.defaultPaymentMethodId;
    if (!card) throw new BillingException(400, 'NO_PAYMENT_METHOD', BILLING_MESSAGES.noCardOnFile);
    let status: string;
    let invoiceId: string | null;
    try {
      // The mirror's open invoice, else Stripe's own (its invoice.payment_failed may be late).
      invoiceId =
        (await this.invoices.openForSubscription(user.id, sub._id))?._id ??
        (await this.stripe.findOpenInvoice(sub._id));
      if (!invoiceId) throw new BillingException(404, 'NO_OPEN_INVOICE', BILLING_MESSAGES.noOpenInvoice);
      await this.stripe.payInvoice(invoiceId, card, `cv:${user.id}:pay:${invoiceId}:${card}`);
      status = (await this.stripe.retrieveSubscription(sub._id)).status;
    } catch (err) {
      if (err instanceof BillingException) throw err;
      this.logger.warn({ userId: user.id, err }, 'paying the open invoice failed');
      throw stripeFailure(err, BILLING_MESSAGES.paymentRetryFailed);
    }
    const now = new Date();
    await this.invoices.markPaid(invoiceId, toSecond(now));
    await this.applyStatus(sub, status === 'active' || status === 'trialing' ? status : 'active', now);
    return answer(sub._id, BILLING_MESSAGES.paymentRetried, sub.cancelAtPeriodEnd, sub.planId);
  }

  /** A paid invoice makes the subscription active again at Stripe; mirrored and announced now. */
  private async applyStatus(sub: SubscriptionMirror, status: string, now: Date): Promise<void> {
    const next = { ...sub, status };
    await this.subscriptions.apply(
      {
        id: sub._id,
        userId: sub.userId,
        stripeCustomerId: sub.stripeCustomerId,
        fields: { status },
        at: toSecond(now),
      },
      [this.events.subscriptionUpdated(next, now)],
      null,
      now,
    );
    this.relay.nudge();
  }
}

function answer(subscriptionId: string, message: string, cancelAtPeriodEnd: boolean, planId: string | null) {
  return {
    success: true as const,
    message,
    subscriptionId,
    cancel_at_period_end: cancelAtPeriodEnd,
    plan_id: planId,
  };
}
