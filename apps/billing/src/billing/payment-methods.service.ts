import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import {
  type AddPaymentMethodBody,
  type AuthUser,
  BILLING_MESSAGES,
  type SubscriptionDetails,
} from '@core-vault/contracts';
import { LOGGER } from '@core-vault/platform';
import { AccountService } from './account.service';
import { BillingException } from './billing.exception';
import { toSecond } from './billing-events';
import { type BillingCustomer } from './customer.schema';
import { CustomerRepository } from './customer.repository';
import { PaymentMethodRepository } from './payment-method.repository';
import { removalProblem } from './payment-methods';
import { SubscriptionRepository } from './subscription.repository';
import { StripeGateway } from './stripe/stripe.gateway';
import { stripeFailure } from './stripe/stripe-errors';
import { LIVE_STATUSES } from './stripe/stripe-views';

/**
 * Cards managed from the billing screen: add (confirmed through a SetupIntent), make default,
 * remove, replace. Stripe is changed first; the mirror follows in the same call (and again,
 * harmlessly, when the webhook arrives), so the list the screen shows is Stripe's.
 */
@Injectable()
export class PaymentMethodsService {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly cards: PaymentMethodRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly stripe: StripeGateway,
    private readonly account: AccountService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async add(user: AuthUser, body: AddPaymentMethodBody): Promise<SubscriptionDetails> {
    const customer = await this.customerOf(user.id);
    if (body.replaces && !customer.paymentMethods.some((pm) => pm.id === body.replaces)) throw notOnAccount();
    const live = await this.liveSubscriptionId(customer);
    // The first card of an account, a replacement and an explicit choice become the default.
    const makeDefault = Boolean(body.makeDefault || body.replaces || !customer.defaultPaymentMethodId);
    await this.save(customer, body.paymentMethodId, { makeDefault, subscriptionId: live });
    if (body.replaces && body.replaces !== body.paymentMethodId) {
      try {
        await this.stripe.detachPaymentMethod(body.replaces, `cv:${user.id}:detach:${body.replaces}`);
      } catch (err) {
        this.logger.warn({ err, userId: user.id }, 'replaced card could not be detached');
        throw new BillingException(502, 'OLD_CARD_NOT_REMOVED', BILLING_MESSAGES.oldCardNotRemoved);
      }
      await this.cards.change(user.id, { kind: 'detached', id: body.replaces }, now(), null);
    }
    return this.account.details(user);
  }

  /**
   * Confirms a card through a SetupIntent (Stripe attaches it), makes it the default when asked
   * (customer and live subscription) and mirrors it. A declined card or one that needs 3-D Secure
   * is refused with a 402 and nothing is mirrored.
   */
  async save(
    customer: BillingCustomer,
    paymentMethodId: string,
    options: { makeDefault: boolean; subscriptionId: string | null },
  ): Promise<void> {
    const userId = customer._id;
    const customerId = customer.stripeCustomerId as string;
    const confirmed = await this.call(() =>
      this.stripe.confirmCard(customerId, paymentMethodId, `cv:${userId}:setup:${paymentMethodId}`),
    );
    if (!confirmed.ok)
      throw confirmed.reason === 'authentication'
        ? new BillingException(402, 'authentication_required', BILLING_MESSAGES.cardAuthenticationRequired)
        : new BillingException(
            402,
            'card_declined',
            confirmed.message ?? BILLING_MESSAGES.paymentMethodFailed,
          );
    if (options.makeDefault)
      await this.call(() =>
        this.stripe.setDefaultPaymentMethod(
          customerId,
          confirmed.card.id,
          options.subscriptionId,
          `cv:${userId}:default:${confirmed.card.id}:${customer.cardsVersion ?? 0}`,
        ),
      );
    await this.cards.change(
      userId,
      { kind: 'attached', card: confirmed.card, makeDefault: options.makeDefault },
      now(),
      null,
    );
  }

  async makeDefault(user: AuthUser, paymentMethodId: string): Promise<SubscriptionDetails> {
    const customer = await this.customerOf(user.id);
    if (!customer.paymentMethods.some((pm) => pm.id === paymentMethodId)) throw notOnAccount();
    const live = await this.liveSubscriptionId(customer);
    await this.call(() =>
      this.stripe.setDefaultPaymentMethod(
        customer.stripeCustomerId as string,
        paymentMethodId,
        live,
        `cv:${user.id}:default:${paymentMethodId}:${customer.cardsVersion ?? 0}`,
      ),
    );
    await this.cards.change(user.id, { kind: 'default', id: paymentMethodId }, now(), null);
    return this.account.details(user);
  }

  async remove(user: AuthUser, paymentMethodId: string): Promise<SubscriptionDetails> {
    const customer = await this.customerOf(user.id);
    const live = await this.liveSubscriptionId(customer);
    const problem = removalProblem(customer, paymentMethodId, live !== null);
    if (problem === 'not-found') throw notOnAccount();
    if (problem)
      throw new BillingException(409, 'DEFAULT_CARD_IN_USE', BILLING_MESSAGES.cannotRemoveDefaultCard);
    await this.call(() =>
      this.stripe.detachPaymentMethod(paymentMethodId, `cv:${user.id}:detach:${paymentMethodId}`),
    );
    await this.cards.change(user.id, { kind: 'detached', id: paymentMethodId }, now(), null);
    return this.account.details(user);
  }

  private async customerOf(userId: string): Promise<BillingCustomer> {
    const customer = await this.customers.findById(userId);
    if (!customer?.stripeCustomerId) throw BillingException.noCustomer();
    return customer;
  }

  /** The subscription whose default card must change with the customer's, if one is live. */
  private async liveSubscriptionId(customer: BillingCustomer): Promise<string | null> {
    const subs = await this.subscriptions.forUser(customer._id);
    const live = subs.filter((s) => LIVE_STATUSES.includes(s.status));
    return (live.find((s) => s._id === customer.subscriptionId) ?? live[0])?._id ?? null;
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw stripeFailure(err, BILLING_MESSAGES.cardUpdateFailed);
    }
  }
}

const now = () => toSecond(new Date());
const notOnAccount = () =>
  new BillingException(404, 'PAYMENT_METHOD_NOT_FOUND', BILLING_MESSAGES.cardNotFound);
