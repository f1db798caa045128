import { Injectable } from '@nestjs/common';
import {
  type AuthUser,
  BILLING_MESSAGES,
  type BillingHistory,
  type SubscriptionDetails,
  isSelectablePlan,
} from '@core-vault/contracts';
import { OutboxRelayService } from '@core-vault/platform';
import { BillingException } from './billing.exception';
import { BillingEvents, majorUnits, toSecond } from './billing-events';
import { type BillingCustomer } from './customer.schema';
import { CustomerRepository } from './customer.repository';
import { InvoiceRepository } from './invoice.repository';
import { type MirroredFields, SubscriptionRepository } from './subscription.repository';
import { type SubscriptionMirror } from './subscription.schema';
import { PlanPrices } from './stripe/plan-prices';
import { StripeGateway } from './stripe/stripe.gateway';
import { stripeFailure } from './stripe/stripe-errors';
import { LIVE_STATUSES } from './stripe/stripe-views';

const HISTORY_SIZE = 5;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The billing screen's calls. Everything is the caller's own, found from the verified token's
 * user id; no call takes a customer or subscription id from the client.
 */
@Injectable()
export class AccountService {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly invoices: InvoiceRepository,
    private readonly stripe: StripeGateway,
    private readonly prices: PlanPrices,
    private readonly events: BillingEvents,
    private readonly relay: OutboxRelayService,
  ) {}

  /** Empty lists for a user without a billing account (never subscribed): nothing to show. */
  async details(user: AuthUser): Promise<SubscriptionDetails> {
    const customer = await this.customers.findById(user.id);
    if (!customer?.stripeCustomerId) return { subscriptions: [], payment_methods: [], customer_id: null };
    const subs = await this.subscriptions.forUser(user.id);
    return {
      customer_id: customer.stripeCustomerId,
      subscriptions: subs.map((s) => ({
        id: s._id,
        status: s.status,
        plan_id: s.planId,
        cancel_at_period_end: s.cancelAtPeriodEnd,
        trial_end: iso(s.trialEnd),
        current_period_end: iso(s.currentPeriodEnd),
      })),
      payment_methods: customer.paymentMethods.map((pm) => ({
        id: pm.id,
        is_default: pm.id === customer.defaultPaymentMethodId,
        card: { brand: pm.brand, last4: pm.last4, exp_month: pm.expMonth, exp_year: pm.expYear },
      })),
    };
  }

  async history(user: AuthUser): Promise<BillingHistory> {
    const invoices = await this.invoices.latestForUser(user.id, HISTORY_SIZE);
    return {
      invoices: invoices.map((inv) => ({
        id: inv._id,
        amount: majorUnits(inv.amountMinor, inv.currency),
        currency: inv.currency,
        date: inv.issuedAt.toISOString(),
        status: inv.status,
        pdf_url: inv.pdfUrl,
      })),
    };
  }

  async setCancelAtPeriodEnd(user: AuthUser, cancel: boolean) {
    const none = cancel ? BILLING_MESSAGES.noSubscriptionToCancel : BILLING_MESSAGES.noSubscriptionToResume;
    const sub = await this.current(user.id, none);
    let updated;
    try {
      updated = await this.stripe.setCancelAtPeriodEnd(
        sub._id,
        cancel,
        `cv:${user.id}:${sub._id}:cancel-at-period-end=${String(cancel)}:${sub.stripeUpdatedAt.getTime()}`,
      );
    } catch (err) {
      throw stripeFailure(err, cancel ? BILLING_MESSAGES.cancelFailed : BILLING_MESSAGES.resumeFailed);
    }
    await this.applyChange(sub, { cancelAtPeriodEnd: updated.cancelAtPeriodEnd });
    return this.answer(sub._id, cancel ? BILLING_MESSAGES.canceled : BILLING_MESSAGES.resumed, user.id);
  }

  async changePlan(user: AuthUser, planId: string) {
    if (!isSelectablePlan(planId)) throw BillingException.invalidPlan();
    const sub = await this.current(user.id, BILLING_MESSAGES.noSubscription);
    if (sub.planId === planId) throw new BillingException(409, 'SAME_PLAN', BILLING_MESSAGES.samePlan);
    const priceId = this.prices.priceOf(planId);
    try {
      const itemId = sub.itemId ?? (await this.stripe.retrieveSubscription(sub._id)).itemId;
      if (!itemId) throw BillingException.noSubscription();
      await this.stripe.changePrice(
        sub._id,
        itemId,
        priceId,
        `cv:${user.id}:${sub._id}:plan=${planId}:${sub.stripeUpdatedAt.getTime()}`,
      );
    } catch (err) {
      if (err instanceof BillingException) throw err;
      throw stripeFailure(err, BILLING_MESSAGES.registrationFailed);
    }
    await this.applyChange(sub, { planId, priceId });
    return this.answer(sub._id, 'Plan changed successfully.', user.id);
  }

  async setupIntent(user: AuthUser): Promise<{ clientSecret: string }> {
    const customer = await this.customerOf(user.id);
    try {
      return {
        clientSecret: await this.stripe.createSetupIntent(
          customer.stripeCustomerId as string,
          `cv:${user.id}:setup-intent:${Date.now()}`,
        ),
      };
    } catch (err) {
      throw stripeFailure(err, BILLING_MESSAGES.paymentMethodFailed);
    }
  }

  async portal(user: AuthUser): Promise<{ url: string }> {
    const customer = await this.customerOf(user.id);
    try {
      return { url: await this.stripe.createPortalSession(customer.stripeCustomerId as string) };
    } catch (err) {
      throw stripeFailure(err, BILLING_MESSAGES.portalFailed);
    }
  }

  private async customerOf(userId: string): Promise<BillingCustomer> {
    const customer = await this.customers.findById(userId);
    if (!customer?.stripeCustomerId) throw BillingException.noCustomer();
    return customer;
  }

  /** The caller's current subscription: the one on their account, else their newest live one. */
  private async current(userId: string, none: string): Promise<SubscriptionMirror> {
    const customer = await this.customers.findById(userId);
    if (!customer?.stripeCustomerId) throw BillingException.noSubscription(none);
    const subs = await this.subscriptions.forUser(userId);
    const live = subs.filter((s) => LIVE_STATUSES.includes(s.status));
    const sub = live.find((s) => s._id === customer.subscriptionId) ?? live[0];
    if (!sub) throw BillingException.noSubscription(none);
    return sub;
  }

  /**
   * Mirrors what the call changed (only those fields: the rest of Stripe's answer comes with the
   * webhook) and emits the new state, in one write.
   */
  private async applyChange(sub: SubscriptionMirror, fields: MirroredFields): Promise<void> {
    const now = new Date();
    const at = toSecond(now);
    const next = { ...sub, ...fields };
    await this.subscriptions.apply(
      { id: sub._id, userId: sub.userId, stripeCustomerId: sub.stripeCustomerId, fields, at },
      [this.events.subscriptionUpdated(next, now)],
      null,
      now,
    );
    this.relay.nudge();
  }

  private async answer(subscriptionId: string, message: string, userId: string) {
    const sub = (await this.subscriptions.findById(subscriptionId)) as SubscriptionMirror;
    if (sub.userId !== userId) throw BillingException.noSubscription();
    return {
      success: true as const,
      message,
      subscriptionId,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      plan_id: sub.planId,
    };
  }
}
