import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import {
  type AuthUser,
  BILLING_MESSAGES,
  type RegistrationResult,
  type StartTrialBody,
  TRIAL_DAYS,
  isSelectablePlan,
} from '@core-vault/contracts';
import { LOGGER, OutboxRelayService } from '@core-vault/platform';
import { BillingException } from './billing.exception';
import { BillingEvents, toSecond } from './billing-events';
import { type BillingCustomer, REGISTRATION_STEPS, type RegistrationStep } from './customer.schema';
import { CustomerRepository } from './customer.repository';
import { SubscriptionRepository } from './subscription.repository';
import { PlanPrices } from './stripe/plan-prices';
import { StripeGateway } from './stripe/stripe.gateway';
import { stripeFailure } from './stripe/stripe-errors';
import { LIVE_STATUSES, planTypeOf, type SubscriptionView } from './stripe/stripe-views';

/** How long one attempt may hold the registration before a retry may take over. */
const CLAIM_MS = 60_000;
const DAY_MS = 86_400_000;

const reached = (step: RegistrationStep, atLeast: RegistrationStep) =>
  REGISTRATION_STEPS.indexOf(step) >= REGISTRATION_STEPS.indexOf(atLeast);

/**
 * The trial registration saga: Stripe customer → card attached and default → subscription with a
 * 90-day trial → trial-started event, in the same write as the final state. Each step is kept in
 * billing's database, so a retry resumes where the last attempt stopped, and every Stripe call
 * carries an idempotency key from user id + step, so nothing is ever created twice.
 */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly stripe: StripeGateway,
    private readonly prices: PlanPrices,
    private readonly events: BillingEvents,
    private readonly relay: OutboxRelayService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async startTrial(user: AuthUser, body: StartTrialBody): Promise<RegistrationResult> {
    const planId = body.planType;
    if (!isSelectablePlan(planId)) throw BillingException.invalidPlan();
    const existing = await this.customers.ensureRegistration(
      { userId: user.id, email: user.email, flow: 'elements', planId },
      new Date(),
    );
    if (existing.registration?.step === 'completed') return this.again(existing);

    const owner = randomUUID();
    const now = new Date();
    const doc = await this.customers.claim(user.id, owner, new Date(now.getTime() + CLAIM_MS), now);
    if (!doc?.registration) {
      const again = await this.customers.findById(user.id);
      if (again?.registration?.step === 'completed') return this.again(again);
      throw BillingException.inProgress();
    }
    try {
      const name = `${body.firstName} ${body.lastName}`;
      await this.customers.saveApplicant(user.id, owner, { name, planId });

      let customerId = doc.stripeCustomerId;
      if (!customerId) {
        customerId = await this.step(BILLING_MESSAGES.createAccountFailed, () =>
          this.stripe.createCustomer({ userId: user.id, email: user.email, name }, `cv:${user.id}:customer`),
        );
        if (!(await this.customers.recordStripeCustomer(user.id, owner, customerId, new Date())))
          throw BillingException.inProgress();
      }

      // A retry may bring another card (the first was declined): attach that one.
      const step = doc.registration.step;
      if (
        !reached(step, 'payment_method_attached') ||
        doc.registration.paymentMethodId !== body.paymentMethodId
      ) {
        const pm = await this.step(BILLING_MESSAGES.paymentMethodFailed, () =>
          this.stripe.attachDefaultPaymentMethod(
            customerId,
            body.paymentMethodId,
            `cv:${user.id}:payment-method:${body.paymentMethodId}`,
          ),
        );
        if (!(await this.customers.addPaymentMethod(user.id, owner, pm, new Date())))
          throw BillingException.inProgress();
      }

      const cid = customerId;
      const subscription = await this.step(BILLING_MESSAGES.createSubscriptionFailed, async () => {
        // A previous attempt may have subscribed and lost the answer: reuse, never subscribe twice.
        const live = await this.stripe.findLiveSubscription(cid, user.id);
        return (
          live ??
          this.stripe.createTrialSubscription(
            {
              customerId: cid,
              priceId: this.prices.priceOf(planId),
              paymentMethodId: body.paymentMethodId,
              userId: user.id,
              planId,
            },
            `cv:${user.id}:subscription:${planId}:${body.paymentMethodId}`,
          )
        );
      });
      return await this.finish(
        { userId: user.id, email: user.email, customerId: cid, planId, subscription },
        { owner },
      );
    } catch (err) {
      const failure = err instanceof BillingException ? err.message : BILLING_MESSAGES.registrationFailed;
      await this.customers.release(user.id, owner, failure, new Date()).catch(() => undefined);
      if (err instanceof BillingException) throw err;
      this.logger.error({ err, userId: user.id }, 'trial registration failed');
      throw new BillingException(500, 'REGISTRATION_FAILED', BILLING_MESSAGES.registrationFailed);
    }
  }

  /**
   * Final step of both flows (trial saga, Checkout): mirror the subscription, then the completed
   * registration and its trial-started event in one write. Applies once, whoever gets there first.
   */
  async finish(
    input: {
      userId: string;
      email: string;
      customerId: string;
      planId: string;
      subscription: SubscriptionView;
    },
    guard: { owner?: string; eventId?: string; checkoutSessionId?: string },
  ): Promise<RegistrationResult> {
    const now = new Date();
    const sub = input.subscription;
    const trial = trialFacts(sub, now);
    await this.subscriptions.apply(
      {
        id: sub.id,
        userId: input.userId,
        stripeCustomerId: input.customerId,
        fields: {
          status: trial.status,
          planId: input.planId,
          priceId: sub.priceId,
          itemId: sub.itemId,
          cancelAtPeriodEnd: trial.cancelAtPeriodEnd,
          trialEnd: trial.trialEnd,
          currentPeriodEnd: sub.currentPeriodEnd,
        },
        // The state as of the subscription's creation: any webhook about it is at least as new.
        at: toSecond(sub.created),
      },
      [],
      null,
      now,
    );
    const event = this.events.trialStarted({
      userId: input.userId,
      email: input.email,
      stripeCustomerId: input.customerId,
      subscriptionId: sub.id,
      planId: input.planId,
      trialEnd: trial.trialEnd,
      at: now,
    });
    const done = await this.customers.complete(
      input.userId,
      {
        stripeCustomerId: input.customerId,
        subscriptionId: sub.id,
        planId: input.planId,
        trialEnd: trial.trialEnd,
        at: now,
      },
      [event],
      guard,
    );
    if (done) {
      this.relay.nudge();
      this.logger.info({ userId: input.userId, subscriptionId: sub.id }, 'trial started');
    }
    const after = await this.customers.findById(input.userId);
    if (after?.registration?.step !== 'completed') throw BillingException.inProgress();
    return this.resultOf(after);
  }

  /**
   * A submit after the trial started: the same answer while that subscription lives (a retry or
   * a second tab). Once it has ended there is no second trial (docs/reference/billing.md): the user
   * subscribes again from the billing screen and pays at once.
   */
  private async again(doc: BillingCustomer): Promise<RegistrationResult> {
    if (await this.hasLiveSubscription(doc._id)) return this.resultOf(doc);
    throw BillingException.trialAlreadyUsed();
  }

  /** Whether the user still has the subscription a finished registration started (or a later one). */
  async hasLiveSubscription(userId: string): Promise<boolean> {
    const subs = await this.subscriptions.forUser(userId);
    return subs.some((s) => LIVE_STATUSES.includes(s.status));
  }

  resultOf(doc: BillingCustomer): RegistrationResult {
    const reg = doc.registration;
    return {
      success: true,
      customerId: doc.stripeCustomerId ?? '',
      subscriptionId: doc.subscriptionId ?? '',
      planType: planTypeOf(reg?.planId ?? null),
      subscriptionStatus: 'TRIAL',
      trialEnd: (reg?.trialEnd ?? new Date()).toISOString(),
    };
  }

  private async step<T>(failure: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      const mapped = stripeFailure(err, failure);
      const e = err as { type?: string; code?: string; message?: string };
      this.logger.warn(
        { stripeError: { type: e.type, code: e.code, message: e.message } },
        'stripe call failed',
      );
      throw mapped;
    }
  }
}

/**
 * Trial end, status and cancel flag of a subscription just created with a trial. Stripe's answer
 * when its trial end lies in the future; stripe-mock answers a fixed 2009 fixture (active,
 * cancel_at_period_end true), so then the values Stripe computes for a new trial: TRIAL_DAYS from
 * now, trialing, not cancelling.
 */
export function trialFacts(
  sub: SubscriptionView,
  now: Date,
): { trialEnd: Date; status: string; cancelAtPeriodEnd: boolean } {
  if (sub.trialEnd && sub.trialEnd.getTime() > now.getTime())
    return { trialEnd: sub.trialEnd, status: sub.status, cancelAtPeriodEnd: sub.cancelAtPeriodEnd };
  return {
    trialEnd: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
    status: 'trialing',
    cancelAtPeriodEnd: false,
  };
}
