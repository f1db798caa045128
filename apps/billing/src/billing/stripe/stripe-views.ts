import type Stripe from 'stripe';
import { type PlanType, type SubscriptionStatus } from '@core-vault/contracts';

/** What billing keeps of a Stripe subscription, whichever API version sent it. */
export interface SubscriptionView {
  id: string;
  customerId: string;
  status: string;
  priceId: string | null;
  itemId: string | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  userId: string | null;
  /** When Stripe created the subscription (the age of a state read from a create call). */
  created: Date;
}

export interface InvoiceView {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  amountMinor: number;
  currency: string;
  status: string;
  pdfUrl: string | null;
  issuedAt: Date;
  periodEnd: Date | null;
}

export interface CheckoutSessionView {
  id: string;
  status: string | null;
  paymentStatus: string;
  customerId: string | null;
  subscriptionId: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
}

const date = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000) : null;
const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;

export function subscriptionView(sub: Stripe.Subscription): SubscriptionView {
  const item = sub.items?.data?.[0];
  // Before API 2025-03-31 the period end sat on the subscription itself.
  const legacyPeriodEnd = (sub as unknown as { current_period_end?: number }).current_period_end;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: sub.status,
    priceId: item?.price?.id ?? null,
    itemId: item?.id ?? null,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    trialEnd: date(sub.trial_end),
    currentPeriodEnd: date(item?.current_period_end ?? legacyPeriodEnd),
    userId: sub.metadata?.['userId'] ?? null,
    created: date(sub.created) ?? new Date(0),
  };
}

export function invoiceView(inv: Stripe.Invoice): InvoiceView {
  const legacySubscription = (inv as unknown as { subscription?: string | { id: string } | null })
    .subscription;
  const subscription = inv.parent?.subscription_details?.subscription ?? legacySubscription;
  const line = inv.lines?.data?.[0];
  return {
    id: inv.id ?? '',
    customerId: idOf(inv.customer) ?? '',
    subscriptionId: idOf(subscription),
    amountMinor: inv.amount_paid || inv.amount_due || inv.total || 0,
    currency: inv.currency,
    status: inv.status ?? 'draft',
    pdfUrl: inv.invoice_pdf ?? null,
    issuedAt: date(inv.created) ?? new Date(),
    periodEnd: date(line?.period?.end),
  };
}

export function checkoutSessionView(s: Stripe.Checkout.Session): CheckoutSessionView {
  return {
    id: s.id,
    status: s.status,
    paymentStatus: s.payment_status,
    customerId: idOf(s.customer),
    subscriptionId: idOf(s.subscription),
    clientReferenceId: s.client_reference_id,
    metadata: s.metadata ?? {},
  };
}

/** Stripe's subscription status in the product's words (spec accounts §3). */
export function productStatus(stripeStatus: string): SubscriptionStatus {
  switch (stripeStatus) {
    case 'trialing':
      return 'TRIAL';
    case 'active':
      return 'ACTIVE';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'PAST_DUE';
    case 'canceled':
    case 'incomplete_expired':
      return 'CANCELED';
    default:
      // incomplete: the first payment has not succeeded, so no access yet.
      return 'NO_SUBSCRIPTION';
  }
}

/** Statuses in which a subscription still counts as the user's current one. */
export const LIVE_STATUSES = ['trialing', 'active', 'past_due', 'unpaid', 'paused', 'incomplete'];

export function planTypeOf(planId: string | null): Exclude<PlanType, 'Free'> {
  return planId?.startsWith('business') ? 'Business' : 'Pro';
}
