import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import {
  type AuthUser,
  BILLING_MESSAGES,
  type CompleteCheckoutBody,
  type RegistrationResult,
  isSelectablePlan,
} from '@core-vault/contracts';
import { APP_CONFIG, LOGGER } from '@core-vault/platform';
import { type BillingConfig } from '../config';
import { BillingException } from './billing.exception';
import { CustomerRepository } from './customer.repository';
import { PENDING_REGISTRATION_TTL_MS, PendingRegistrationStore } from './pending-registration.store';
import { RegistrationService } from './registration.service';
import { PlanPrices } from './stripe/plan-prices';
import { StripeGateway } from './stripe/stripe.gateway';
import { stripeFailure } from './stripe/stripe-errors';
import { type CheckoutSessionView, LIVE_STATUSES } from './stripe/stripe-views';

/**
 * The spec's alternative registration: Stripe Checkout collects the card, then the SPA comes back
 * to /complete-registration, where the session is validated, access verified and the registration
 * finished. The checkout.session.completed webhook finishes it too, whichever comes first.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly pending: PendingRegistrationStore,
    private readonly registration: RegistrationService,
    private readonly stripe: StripeGateway,
    private readonly prices: PlanPrices,
    @Inject(APP_CONFIG) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async createSession(
    user: AuthUser,
    planId: string,
  ): Promise<{ id: string; url: string; tempUserId: string }> {
    if (!isSelectablePlan(planId)) throw BillingException.invalidPlan();
    const now = new Date();
    const doc = await this.customers.ensureRegistration(
      { userId: user.id, email: user.email, flow: 'checkout', planId },
      now,
    );
    // A finished registration: still subscribed, or its trial used up (no second one through Checkout either).
    if (doc.registration?.step === 'completed')
      throw (await this.registration.hasLiveSubscription(user.id))
        ? new BillingException(409, 'ALREADY_SUBSCRIBED', BILLING_MESSAGES.alreadySubscribed)
        : BillingException.trialAlreadyUsed();
    const tempUserId = randomBytes(16).toString('hex');
    try {
      await this.pending.save({
        tempUserId,
        userId: user.id,
        email: user.email,
        planId,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + PENDING_REGISTRATION_TTL_MS).toISOString(),
      });
    } catch (err) {
      this.logger.error({ err }, 'saving the pending registration failed');
      throw new BillingException(503, 'REGISTRATION_UNAVAILABLE', BILLING_MESSAGES.trialStartFailed);
    }
    let session: { id: string; url: string };
    try {
      session = await this.stripe.createCheckoutSession(
        {
          userId: user.id,
          tempUserId,
          email: user.email,
          customerId: doc.stripeCustomerId ?? null,
          priceId: this.prices.priceOf(planId),
          planId,
          successUrl: `${this.config.WEB_ORIGIN}/complete-registration?session_id={CHECKOUT_SESSION_ID}&temp_user_id=${tempUserId}`,
          cancelUrl: `${this.config.WEB_ORIGIN}/login?cancelled=true`,
        },
        `cv:${user.id}:checkout:${tempUserId}`,
      );
    } catch (err) {
      throw stripeFailure(err, BILLING_MESSAGES.checkoutSessionFailed);
    }
    await this.customers.setCheckoutSession(user.id, planId, session.id, new Date());
    return { ...session, tempUserId };
  }

  async complete(user: AuthUser, body: CompleteCheckoutBody): Promise<RegistrationResult> {
    const doc = await this.customers.findByCheckoutSession(user.id, body.sessionId);
    // Already finished (by the webhook or an earlier return): answer the same result again.
    if (doc?.registration?.step === 'completed') {
      await this.pending.remove(body.tempUserId).catch(() => undefined);
      return this.registration.resultOf(doc);
    }
    const pending = await this.pending.find(body.tempUserId);
    if (!pending || pending.userId !== user.id)
      throw new BillingException(404, 'REGISTRATION_NOT_FOUND', BILLING_MESSAGES.registrationNotFound);
    if (Date.parse(pending.expiresAt) <= Date.now()) {
      await this.pending.remove(body.tempUserId);
      throw new BillingException(422, 'REGISTRATION_EXPIRED', BILLING_MESSAGES.registrationExpired);
    }
    if (!doc)
      throw new BillingException(400, 'TRIAL_VALIDATION_FAILED', BILLING_MESSAGES.trialValidationFailed);

    const session = await this.validatePayment(body.sessionId);
    if (session.status !== 'complete' || !session.subscriptionId || !session.customerId)
      throw new BillingException(409, 'PAYMENT_NOT_COMPLETED', BILLING_MESSAGES.paymentValidationFailed);
    if (session.clientReferenceId !== user.id || session.metadata['tempUserId'] !== body.tempUserId)
      throw new BillingException(400, 'TRIAL_VALIDATION_FAILED', BILLING_MESSAGES.trialValidationFailed);

    const subscription = await this.verifyAccess(session.subscriptionId);
    const result = await this.registration.finish(
      {
        userId: user.id,
        email: user.email,
        customerId: session.customerId,
        planId: pending.planId,
        subscription,
      },
      {},
    );
    await this.pending.remove(body.tempUserId);
    return result;
  }

  /** Used by the checkout.session.completed webhook: finishes the registration that opened the session. */
  async completeFromWebhook(
    session: CheckoutSessionView,
    eventId: string,
  ): Promise<'applied' | 'unknown-customer'> {
    const userId = session.clientReferenceId;
    const doc = userId ? await this.customers.findByCheckoutSession(userId, session.id) : null;
    if (!doc?.registration || !session.customerId || !session.subscriptionId) return 'unknown-customer';
    if (doc.registration.step === 'completed') return 'applied';
    const subscription = await this.verifyAccess(session.subscriptionId);
    await this.registration.finish(
      {
        userId: doc._id,
        email: doc.email,
        customerId: session.customerId,
        planId: doc.registration.planId,
        subscription,
      },
      { eventId },
    );
    return 'applied';
  }

  private async validatePayment(sessionId: string): Promise<CheckoutSessionView> {
    try {
      return await this.stripe.retrieveCheckoutSession(sessionId);
    } catch (err) {
      throw stripeFailure(err, BILLING_MESSAGES.paymentValidationError);
    }
  }

  private async verifyAccess(subscriptionId: string) {
    let sub;
    try {
      sub = await this.stripe.retrieveSubscription(subscriptionId);
    } catch (err) {
      throw stripeFailure(err, BILLING_MESSAGES.verifyAccessFailed);
    }
    if (!LIVE_STATUSES.includes(sub.status) || sub.status === 'incomplete')
      throw new BillingException(403, 'ACCESS_NOT_VERIFIED', BILLING_MESSAGES.accessVerificationFailed);
    return sub;
  }
}
