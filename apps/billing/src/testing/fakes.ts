import { type OutboxEntry } from '@core-vault/platform';
import { BillingException } from '../billing/billing.exception';
import {
  type CompletedRegistration,
  type CustomerRepository,
  startedRegistration,
} from '../billing/customer.repository';
import {
  type BillingCustomer,
  type PaymentMethodMirror,
  type Registration,
} from '../billing/customer.schema';
import { type CardWrite, type PaymentMethodRepository } from '../billing/payment-method.repository';
import { type CardChange, applyCardChange, sameCards } from '../billing/payment-methods';
import { type SubscriptionRepository } from '../billing/subscription.repository';
import { type SubscriptionMirror } from '../billing/subscription.schema';
import { type SubscriptionView } from '../billing/stripe/stripe-views';

/**
 * Small in-memory stand-ins for billing's repositories, for unit specs of the services'
 * decisions. They keep the repositories' guarantees that those decisions rely on (a claim held
 * by one attempt, apply-once by event id, newest state wins) and nothing else; the real ones are
 * covered against real MongoDB by the *.int-spec.ts suites.
 */

/** The service sees only the methods a fake gives; this is the one place that says so. */
export const as = <T>(fake: Partial<T>): T => fake as T;

export class FakeCustomers implements Partial<CustomerRepository> {
  readonly docs = new Map<string, BillingCustomer>();
  readonly outbox: OutboxEntry[] = [];
  private readonly applied = new Set<string>();

  findById(userId: string): Promise<BillingCustomer | null> {
    return Promise.resolve(this.docs.get(userId) ?? null);
  }
  findByStripeCustomerId(id: string): Promise<BillingCustomer | null> {
    return Promise.resolve([...this.docs.values()].find((d) => d.stripeCustomerId === id) ?? null);
  }
  findByCheckoutSession(userId: string, sessionId: string): Promise<BillingCustomer | null> {
    const doc = this.docs.get(userId);
    return Promise.resolve(doc?.registration?.checkoutSessionId === sessionId ? doc : null);
  }
  ensureRegistration(
    input: { userId: string; email: string; flow: Registration['flow']; planId: string },
    now: Date,
  ): Promise<BillingCustomer> {
    const doc = this.docs.get(input.userId) ?? {
      _id: input.userId,
      email: input.email,
      name: null,
      subscriptionId: null,
      defaultPaymentMethodId: null,
      paymentMethods: [],
      registration: null,
      createdAt: now,
      updatedAt: now,
    };
    doc.registration ??= startedRegistration(input);
    this.docs.set(input.userId, doc);
    return Promise.resolve(structuredClone(doc));
  }
  claim(userId: string, owner: string, until: Date, now: Date): Promise<BillingCustomer | null> {
    const reg = this.docs.get(userId)?.registration;
    if (!reg || reg.step === 'completed' || (reg.lockUntil && reg.lockUntil >= now))
      return Promise.resolve(null);
    Object.assign(reg, { lockOwner: owner, lockUntil: until });
    return Promise.resolve(structuredClone(this.docs.get(userId) ?? null));
  }
  saveApplicant(userId: string, owner: string, a: { name: string; planId: string }): Promise<boolean> {
    return this.held(userId, owner, (doc, reg) => {
      doc.name = a.name;
      Object.assign(reg, { planId: a.planId, flow: 'elements', lastError: null });
    });
  }
  recordStripeCustomer(userId: string, owner: string, stripeCustomerId: string): Promise<boolean> {
    return this.held(userId, owner, (doc, reg) => {
      doc.stripeCustomerId = stripeCustomerId;
      reg.step = 'customer_created';
    });
  }
  addPaymentMethod(userId: string, owner: string, pm: PaymentMethodMirror): Promise<boolean> {
    return this.held(userId, owner, (doc, reg) => {
      doc.paymentMethods = [...doc.paymentMethods.filter((p) => p.id !== pm.id), pm];
      doc.defaultPaymentMethodId = pm.id;
      Object.assign(reg, { paymentMethodId: pm.id, step: 'payment_method_attached' });
    });
  }
  async release(userId: string, owner: string, error: string | null): Promise<void> {
    await this.held(userId, owner, (_doc, reg) =>
      Object.assign(reg, { lockOwner: null, lockUntil: null, lastError: error }),
    );
  }
  complete(
    userId: string,
    outcome: CompletedRegistration,
    entries: readonly OutboxEntry[],
    guard: { owner?: string; eventId?: string },
  ): Promise<boolean> {
    const doc = this.docs.get(userId);
    const reg = doc?.registration;
    if (!doc || !reg || reg.step === 'completed') return Promise.resolve(false);
    if (guard.owner && reg.lockOwner !== guard.owner) return Promise.resolve(false);
    if (guard.eventId && this.applied.has(guard.eventId)) return Promise.resolve(false);
    if (guard.eventId) this.applied.add(guard.eventId);
    doc.stripeCustomerId = outcome.stripeCustomerId;
    doc.subscriptionId = outcome.subscriptionId;
    Object.assign(reg, {
      step: 'completed',
      planId: outcome.planId,
      trialEnd: outcome.trialEnd,
      completedAt: outcome.at,
      lastError: null,
      lockOwner: null,
      lockUntil: null,
    });
    this.outbox.push(...entries);
    return Promise.resolve(true);
  }
  setCheckoutSession(userId: string, planId: string, sessionId: string): Promise<void> {
    const reg = this.docs.get(userId)?.registration;
    if (reg && reg.step !== 'completed')
      Object.assign(reg, { flow: 'checkout', planId, checkoutSessionId: sessionId });
    return Promise.resolve();
  }
  setCurrentSubscription(userId: string, subscriptionId: string): Promise<void> {
    const doc = this.docs.get(userId);
    if (doc) doc.subscriptionId = subscriptionId;
    return Promise.resolve();
  }

  private held(
    userId: string,
    owner: string,
    change: (doc: BillingCustomer, reg: Registration) => void,
  ): Promise<boolean> {
    const doc = this.docs.get(userId);
    if (!doc?.registration || doc.registration.lockOwner !== owner) return Promise.resolve(false);
    change(doc, doc.registration);
    return Promise.resolve(true);
  }
}

/** The card mirror on the fake accounts: newest change wins, each event id once. */
export class FakeCards implements Partial<PaymentMethodRepository> {
  private readonly applied = new Set<string>();
  constructor(private readonly customers: FakeCustomers) {}

  findByPaymentMethod(id: string): Promise<BillingCustomer | null> {
    const docs = [...this.customers.docs.values()];
    return Promise.resolve(docs.find((d) => d.paymentMethods.some((pm) => pm.id === id)) ?? null);
  }
  change(userId: string, change: CardChange, at: Date, eventId: string | null): Promise<CardWrite> {
    const doc = this.customers.docs.get(userId);
    if (!doc) return Promise.resolve('unknown-customer');
    if (doc.cardsAt && doc.cardsAt > at) return Promise.resolve('stale');
    if (eventId && this.applied.has(eventId)) return Promise.resolve('unchanged');
    if (eventId) this.applied.add(eventId);
    const next = applyCardChange(doc, change);
    const same = sameCards(doc, next);
    Object.assign(doc, next, { cardsAt: at, cardsVersion: (doc.cardsVersion ?? 0) + 1 });
    return Promise.resolve(same ? 'unchanged' : 'applied');
  }
}

type ApplyInput = Parameters<SubscriptionRepository['apply']>[0];

export class FakeSubscriptions implements Partial<SubscriptionRepository> {
  readonly docs = new Map<string, SubscriptionMirror>();
  readonly outbox: OutboxEntry[] = [];
  private readonly applied = new Set<string>();

  findById(id: string): Promise<SubscriptionMirror | null> {
    return Promise.resolve(this.docs.get(id) ?? null);
  }
  forUser(userId: string): Promise<SubscriptionMirror[]> {
    return Promise.resolve([...this.docs.values()].filter((d) => d.userId === userId));
  }
  apply(
    input: ApplyInput,
    entries: readonly OutboxEntry[],
    eventId: string | null,
    now: Date,
  ): Promise<boolean> {
    const doc = this.ensure(input, now);
    if (doc.stripeUpdatedAt > input.at) return Promise.resolve(false);
    if (eventId && this.applied.has(eventId)) return Promise.resolve(false);
    if (eventId) this.applied.add(eventId);
    Object.assign(doc, input.fields, { stripeUpdatedAt: input.at });
    this.outbox.push(...entries);
    return Promise.resolve(true);
  }
  notice(
    input: { id: string; userId: string; stripeCustomerId: string },
    entries: readonly OutboxEntry[],
    eventId: string,
    now: Date,
  ): Promise<boolean> {
    this.ensure(input, now);
    if (this.applied.has(eventId)) return Promise.resolve(false);
    this.applied.add(eventId);
    this.outbox.push(...entries);
    return Promise.resolve(true);
  }

  private ensure(input: { id: string; userId: string; stripeCustomerId: string }, now: Date) {
    const doc: SubscriptionMirror = this.docs.get(input.id) ?? {
      _id: input.id,
      userId: input.userId,
      stripeCustomerId: input.stripeCustomerId,
      status: 'incomplete',
      planId: null,
      priceId: null,
      itemId: null,
      cancelAtPeriodEnd: false,
      trialEnd: null,
      currentPeriodEnd: null,
      stripeUpdatedAt: new Date(0),
      createdAt: now,
    };
    this.docs.set(input.id, doc);
    return doc;
  }
}

/** A subscription as Stripe would answer it, trialing by default. */
export function subscriptionView(over: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    id: 'sub_1',
    customerId: 'cus_1',
    status: 'trialing',
    priceId: 'price_pro_monthly',
    itemId: 'si_1',
    cancelAtPeriodEnd: false,
    trialEnd: new Date(Date.now() + 90 * 86_400_000),
    currentPeriodEnd: null,
    userId: 'u1',
    created: new Date(),
    ...over,
  };
}

/** A billing account with a Stripe customer, as a completed registration leaves it. */
export function billingCustomer(userId: string, over: Partial<BillingCustomer> = {}): BillingCustomer {
  const now = new Date();
  return {
    _id: userId,
    email: `${userId}@example.test`,
    name: 'Ada Lovelace',
    stripeCustomerId: `cus_${userId}`,
    subscriptionId: null,
    defaultPaymentMethodId: null,
    paymentMethods: [],
    registration: null,
    createdAt: now,
    updatedAt: now,
    ...over,
  };
}

/** A mirrored subscription of this user, trialing on Pro monthly unless told otherwise. */
export function subscriptionMirror(
  id: string,
  userId: string,
  over: Partial<SubscriptionMirror> = {},
): SubscriptionMirror {
  return {
    _id: id,
    userId,
    stripeCustomerId: `cus_${userId}`,
    status: 'trialing',
    planId: 'pro_monthly',
    priceId: 'price_pro_monthly',
    itemId: `si_${id}`,
    cancelAtPeriodEnd: false,
    trialEnd: new Date(Date.now() + 30 * 86_400_000),
    currentPeriodEnd: null,
    stripeUpdatedAt: new Date('2026-11-01T00:00:00Z'),
    createdAt: new Date('2026-11-01T00:00:00Z'),
    ...over,
  };
}

/** Status and code of the BillingException a call was refused with (fails if it resolved). */
export async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string }> {
  const err = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  if (!(err instanceof BillingException)) throw err;
  return { status: err.getStatus(), code: (err.getResponse() as { code: string }).code };
}
