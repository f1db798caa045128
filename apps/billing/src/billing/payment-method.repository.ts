import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { applyOnce } from '@core-vault/platform';
import { type BillingCustomer, CUSTOMER_MODEL } from './customer.schema';
import { type CardChange, applyCardChange, sameCards } from './payment-methods';

/** A concurrent writer changed the cards between read and write that many times in a row: give up. */
const ATTEMPTS = 5;

export type CardWrite = 'applied' | 'stale' | 'unchanged' | 'unknown-customer';

/**
 * The mirror of a customer's cards (list + default) on their billing account. Every write is a
 * compare-and-set on `cardsVersion`, so a webhook and a call of the billing screen changing the
 * cards at the same moment never lose each other's change.
 */
@Injectable()
export class PaymentMethodRepository {
  constructor(@InjectModel(CUSTOMER_MODEL) private readonly customers: Model<BillingCustomer>) {}

  findByPaymentMethod(paymentMethodId: string): Promise<BillingCustomer | null> {
    return this.customers.findOne({ 'paymentMethods.id': paymentMethodId }).lean<BillingCustomer>().exec();
  }

  /**
   * Applies one change at Stripe time `at`: not when a newer change is mirrored already (out of
   * order delivery), and — with an event id — once per event.
   */
  async change(userId: string, change: CardChange, at: Date, eventId: string | null): Promise<CardWrite> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const doc = await this.customers.findById(userId).lean<BillingCustomer>().exec();
      if (!doc) return 'unknown-customer';
      if (doc.cardsAt && doc.cardsAt.getTime() > at.getTime()) return 'stale';
      const current = {
        paymentMethods: doc.paymentMethods,
        defaultPaymentMethodId: doc.defaultPaymentMethodId,
      };
      const next = applyCardChange(current, change);
      const version = doc.cardsVersion ?? 0;
      const filter = { _id: userId, cardsVersion: doc.cardsVersion ?? null };
      const update = {
        $set: {
          ...(sameCards(current, next) ? {} : next),
          cardsAt: at,
          cardsVersion: version + 1,
          updatedAt: new Date(),
        },
      };
      const final = eventId ? applyOnce<BillingCustomer>(filter, update, eventId) : { filter, update };
      const res = await this.customers.updateOne(final.filter, final.update).exec();
      if (res.modifiedCount === 1) return sameCards(current, next) ? 'unchanged' : 'applied';
      // Lost the race, or (with an event id) the event was applied before: read again to tell.
      if (eventId && (await this.wasApplied(userId, eventId))) return 'unchanged';
    }
    throw new Error(`cards of ${userId}: too many concurrent changes`);
  }

  private async wasApplied(userId: string, eventId: string): Promise<boolean> {
    const n = await this.customers.countDocuments({ _id: userId, _appliedEvents: eventId }).exec();
    return n > 0;
  }
}
