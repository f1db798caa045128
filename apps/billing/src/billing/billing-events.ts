import { Injectable } from '@nestjs/common';
import { Topic } from '@core-vault/contracts';
import { type OutboxEntry, contextEvents } from '@core-vault/platform';
import { type SubscriptionMirror } from './subscription.schema';
import { planTypeOf, productStatus } from './stripe/stripe-views';

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/**
 * Builds billing's Kafka events (validated against the contracts before they reach an outbox),
 * through the billing context's factory: billing.* topics only.
 */
@Injectable()
export class BillingEvents {
  private readonly factory = contextEvents('billing');

  trialStarted(input: {
    userId: string;
    email: string;
    stripeCustomerId: string;
    subscriptionId: string;
    planId: string;
    trialEnd: Date;
    at: Date;
  }): OutboxEntry {
    return this.factory.create(
      Topic.TrialStarted,
      {
        userId: input.userId,
        email: input.email,
        stripeCustomerId: input.stripeCustomerId,
        subscriptionId: input.subscriptionId,
        planType: planTypeOf(input.planId),
        trialEnd: input.trialEnd.toISOString(),
        effectiveAt: input.at.toISOString(),
      },
      { key: input.userId },
    );
  }

  /** The subscription's state after a change (the mirror with the change applied). */
  subscriptionUpdated(sub: Omit<SubscriptionMirror, 'createdAt' | 'stripeUpdatedAt'>, at: Date): OutboxEntry {
    return this.factory.create(
      Topic.SubscriptionUpdated,
      {
        userId: sub.userId,
        stripeCustomerId: sub.stripeCustomerId,
        subscriptionId: sub._id,
        status: productStatus(sub.status),
        planType: planTypeOf(sub.planId),
        trialEnd: iso(sub.trialEnd),
        currentPeriodEnd: iso(sub.currentPeriodEnd),
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        effectiveAt: at.toISOString(),
      },
      { key: sub.userId },
    );
  }

  subscriptionCanceled(ids: Ids, at: Date): OutboxEntry {
    return this.factory.create(
      Topic.SubscriptionCanceled,
      { ...ids, effectiveAt: at.toISOString() },
      { key: ids.userId },
    );
  }

  trialWillEnd(ids: Ids, trialEnd: Date, at: Date): OutboxEntry {
    return this.factory.create(
      Topic.TrialWillEnd,
      { ...ids, trialEnd: trialEnd.toISOString(), effectiveAt: at.toISOString() },
      { key: ids.userId },
    );
  }

  invoicePaid(
    ids: Ids,
    invoice: { id: string; amount: number; currency: string; periodEnd: Date | null },
    at: Date,
  ): OutboxEntry {
    return this.factory.create(
      Topic.InvoicePaid,
      {
        ...ids,
        invoiceId: invoice.id,
        amount: invoice.amount,
        currency: invoice.currency,
        currentPeriodEnd: iso(invoice.periodEnd),
        effectiveAt: at.toISOString(),
      },
      { key: ids.userId },
    );
  }

  paymentFailed(ids: Ids, invoiceId: string, at: Date): OutboxEntry {
    return this.factory.create(
      Topic.PaymentFailed,
      { ...ids, invoiceId, effectiveAt: at.toISOString() },
      { key: ids.userId },
    );
  }
}

interface Ids {
  userId: string;
  stripeCustomerId: string;
  subscriptionId: string;
}

const ZERO_DECIMAL = [
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
];

/** Stripe amounts are in minor units; the billing screen shows major units. */
export function majorUnits(amountMinor: number, currency: string): number {
  return ZERO_DECIMAL.includes(currency.toLowerCase()) ? amountMinor : Math.round(amountMinor) / 100;
}

/** Stripe timestamps have second resolution; state times are compared at that resolution. */
export function toSecond(d: Date): Date {
  return new Date(Math.floor(d.getTime() / 1000) * 1000);
}
