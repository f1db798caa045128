import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Redis } from 'ioredis';
import { type Model } from 'mongoose';
import { REDIS } from '@core-vault/platform';
import { type BillingCustomer, CUSTOMER_MODEL } from './customer.schema';
import { INVOICE_MODEL, type InvoiceMirror } from './invoice.schema';
import { type PendingRegistration, pendingRegistrationKey } from './pending-registration.store';
import { SUBSCRIPTION_MODEL, type SubscriptionMirror } from './subscription.schema';

/** What an erased user's invoices keep instead of the user id (law keeps the invoice, not the person). */
export const ERASED_USER = 'erased';

/** What billing must undo at Stripe for one user: the customer and its not-yet-canceled subscriptions. */
export interface StripeFootprint {
  stripeCustomerId: string | null;
  liveSubscriptionIds: string[];
}

/**
 * Account erasure's reads and writes in the billing database and Redis. Invoices are kept for the
 * bookkeeping law requires (amount, currency, dates, Stripe's invoice and customer ids) with the
 * user id and the invoice link removed; everything else of the user goes.
 */
@Injectable()
export class BillingUserErasure {
  constructor(
    @InjectModel(CUSTOMER_MODEL) private readonly customers: Model<BillingCustomer>,
    @InjectModel(SUBSCRIPTION_MODEL) private readonly subscriptions: Model<SubscriptionMirror>,
    @InjectModel(INVOICE_MODEL) private readonly invoices: Model<InvoiceMirror>,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async footprint(userId: string): Promise<StripeFootprint> {
    const customer = await this.customers
      .findById(userId, { stripeCustomerId: 1 })
      .lean<Pick<BillingCustomer, 'stripeCustomerId'>>()
      .exec();
    const subs = await this.subscriptions
      .find({ userId, status: { $ne: 'canceled' } }, { _id: 1 })
      .lean<{ _id: string }[]>()
      .exec();
    return {
      stripeCustomerId: customer?.stripeCustomerId ?? null,
      liveSubscriptionIds: subs.map((s) => s._id),
    };
  }

  /** Called once Stripe has let go of the user: a failure before leaves everything for the retry. */
  async erase(userId: string): Promise<void> {
    await this.invoices.updateMany({ userId }, { $set: { userId: ERASED_USER, pdfUrl: null } }).exec();
    await this.subscriptions.deleteMany({ userId }).exec();
    await this.customers.deleteOne({ _id: userId }).exec();
    // A Checkout sign-up in flight (an hour at most) is keyed by a temporary id: found by its content.
    const stream = this.redis.scanStream({ match: pendingRegistrationKey('*'), count: 1000 });
    for await (const keys of stream as AsyncIterable<string[]>) {
      for (const key of keys) {
        const raw = await this.redis.get(key);
        if (raw && (JSON.parse(raw) as PendingRegistration).userId === userId) await this.redis.del(key);
      }
    }
  }
}
