import { Controller, Inject } from '@nestjs/common';
import { type Logger } from 'pino';
import type Stripe from 'stripe';
import { type EventEnvelope, type EventPayload, Topic } from '@core-vault/contracts';
import {
  APP_CONFIG,
  type ConsumerGroupSettings,
  type EventConsumer,
  EventPattern,
  LOGGER,
} from '@core-vault/platform';
import { type BillingConfig } from '../config';
import { STRIPE } from './stripe/stripe.gateway';
import { isStripeError } from './stripe/stripe-errors';
import { BillingUserErasure } from './user-erasure.repository';

/** Already gone at Stripe (an earlier attempt got that far): the step is done. */
const alreadyGone = (err: unknown) => isStripeError(err) && err.code === 'resource_missing';

async function atStripe(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (err) {
    if (!alreadyGone(err)) throw err;
  }
}

/**
 * identity.user-deleted.v1 → the subscription (a trial too) is canceled at Stripe at once, no
 * proration and no final invoice, the Stripe customer is deleted (its cards go with it), and only
 * then is the mirror erased. A Stripe failure throws before anything local changed: the platform
 * retries the event with backoff (then its dead-letter topic, for a replay), and every step is
 * safe to repeat. Webhooks Stripe sends about the deleted customer afterwards find no customer
 * and are recorded as 'unknown-customer', so no billing event names the user again.
 */
@Controller()
export class UserDeletedConsumer implements EventConsumer {
  constructor(
    private readonly erasure: BillingUserErasure,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(APP_CONFIG) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  consumerGroup(): ConsumerGroupSettings {
    return { groupId: this.config.USER_DELETED_CONSUMER_GROUP };
  }

  @EventPattern(Topic.UserDeleted)
  async userDeleted({ id, data }: EventEnvelope<EventPayload<Topic.UserDeleted>>): Promise<void> {
    const { stripeCustomerId, liveSubscriptionIds } = await this.erasure.footprint(data.userId);
    for (const subscriptionId of liveSubscriptionIds)
      await atStripe(() =>
        this.stripe.subscriptions.cancel(
          subscriptionId,
          { invoice_now: false, prorate: false },
          { idempotencyKey: `erase:${id}:${subscriptionId}` },
        ),
      );
    if (stripeCustomerId)
      await atStripe(() =>
        this.stripe.customers.del(stripeCustomerId, { idempotencyKey: `erase:${id}:customer` }),
      );
    await this.erasure.erase(data.userId);
    this.logger.info(
      { eventId: id, userId: data.userId, canceled: liveSubscriptionIds.length },
      'user billing erased',
    );
  }
}
