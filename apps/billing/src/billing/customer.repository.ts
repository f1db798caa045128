import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model, type UpdateQuery } from 'mongoose';
import { type OutboxEntry, applyOnce, withOutbox } from '@core-vault/platform';
import {
  type BillingCustomer,
  CUSTOMER_MODEL,
  type PaymentMethodMirror,
  type Registration,
} from './customer.schema';

/** What a finished registration leaves on the billing account. */
export interface CompletedRegistration {
  stripeCustomerId: string;
  subscriptionId: string;
  planId: string;
  trialEnd: Date;
  at: Date;
}

const isDuplicateKey = (err: unknown) => (err as { code?: number } | null)?.code === 11000;

/** A registration as it begins: the chosen flow and plan, nothing else decided yet. */
export function startedRegistration(input: { flow: Registration['flow']; planId: string }): Registration {
  return {
    step: 'started',
    flow: input.flow,
    planId: input.planId,
    paymentMethodId: null,
    checkoutSessionId: null,
    lockOwner: null,
    lockUntil: null,
    lastError: null,
    trialEnd: null,
    completedAt: null,
  };
}

@Injectable()
export class CustomerRepository {
  constructor(@InjectModel(CUSTOMER_MODEL) private readonly customers: Model<BillingCustomer>) {}

  findById(userId: string): Promise<BillingCustomer | null> {
    return this.customers.findById(userId).lean<BillingCustomer>().exec();
  }

  findByStripeCustomerId(stripeCustomerId: string): Promise<BillingCustomer | null> {
    return this.customers.findOne({ stripeCustomerId }).lean<BillingCustomer>().exec();
  }

  findByCheckoutSession(userId: string, sessionId: string): Promise<BillingCustomer | null> {
    return this.customers
      .findOne({ _id: userId, 'registration.checkoutSessionId': sessionId })
      .lean<BillingCustomer>()
      .exec();
  }

  /**
   * The user's billing account with a registration in progress: created on first use, a
   * registration added when there is none. Safe under concurrent calls (`_id` is the user id).
   */
  async ensureRegistration(
    input: { userId: string; email: string; flow: Registration['flow']; planId: string },
    now: Date,
  ): Promise<BillingCustomer> {
    const registration = startedRegistration(input);
    try {
      await this.customers
        .updateOne(
          { _id: input.userId },
          {
            $setOnInsert: {
              email: input.email,
              name: null,
              subscriptionId: null,
              defaultPaymentMethodId: null,
              paymentMethods: [],
              registration,
              createdAt: now,
              updatedAt: now,
            },
          },
          { upsert: true },
        )
        .exec();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err; // the concurrent call created it
    }
    await this.customers
      .updateOne({ _id: input.userId, registration: null }, { $set: { registration, updatedAt: now } })
      .exec();
    const doc = await this.findById(input.userId);
    if (!doc) throw new Error(`billing account of ${input.userId} could not be created`);
    return doc;
  }

  /**
   * Takes the registration for one attempt, unless it is completed or another live attempt
   * holds it: two concurrent submits never run the saga side by side.
   */
  claim(userId: string, owner: string, until: Date, now: Date): Promise<BillingCustomer | null> {
    return this.customers
      .findOneAndUpdate(
        {
          _id: userId,
          'registration.step': { $ne: 'completed' },
          $or: [{ 'registration.lockUntil': null }, { 'registration.lockUntil': { $lt: now } }],
        },
        { $set: { 'registration.lockOwner': owner, 'registration.lockUntil': until, updatedAt: now } },
        { new: true },
      )
      .lean<BillingCustomer>()
      .exec();
  }

  /** The applicant's name and chosen plan, for this attempt of the trial saga; an old error goes. */
  saveApplicant(
    userId: string,
    owner: string,
    applicant: { name: string; planId: string },
  ): Promise<boolean> {
    return this.advance(userId, owner, {
      $set: {
        name: applicant.name,
        'registration.planId': applicant.planId,
        'registration.flow': 'elements',
        'registration.lastError': null,
      },
    });
  }

  /** Step reached: the Stripe customer exists. False when this attempt no longer holds the registration. */
  recordStripeCustomer(userId: string, owner: string, stripeCustomerId: string, now: Date): Promise<boolean> {
    return this.advance(userId, owner, {
      $set: { stripeCustomerId, 'registration.step': 'customer_created', updatedAt: now },
    });
  }

  /** Records a step reached, only while this attempt still holds the registration. */
  private async advance(
    userId: string,
    owner: string,
    update: UpdateQuery<BillingCustomer>,
  ): Promise<boolean> {
    const res = await this.customers
      .updateOne({ _id: userId, 'registration.lockOwner': owner }, update)
      .exec();
    return res.matchedCount === 1;
  }

  /** Remembers a card (replacing an older copy of it) and makes it the default. */
  async addPaymentMethod(
    userId: string,
    owner: string,
    pm: PaymentMethodMirror,
    now: Date,
  ): Promise<boolean> {
    await this.customers.updateOne({ _id: userId }, { $pull: { paymentMethods: { id: pm.id } } }).exec();
    return this.advance(userId, owner, {
      $push: { paymentMethods: pm },
      $set: {
        defaultPaymentMethodId: pm.id,
        'registration.paymentMethodId': pm.id,
        'registration.step': 'payment_method_attached',
        updatedAt: now,
      },
    });
  }

  async release(userId: string, owner: string, error: string | null, now: Date): Promise<void> {
    await this.advance(userId, owner, {
      $set: {
        'registration.lockOwner': null,
        'registration.lockUntil': null,
        'registration.lastError': error,
        updatedAt: now,
      },
    });
  }

  /**
   * The saga's final state and its trial-started event in one single-document write. Applies
   * once: only to a registration not yet completed (and, for a webhook, not yet seeing the event).
   */
  async complete(
    userId: string,
    outcome: CompletedRegistration,
    entries: readonly OutboxEntry[],
    guard: { owner?: string; eventId?: string },
  ): Promise<boolean> {
    const filter: Record<string, unknown> = { _id: userId, 'registration.step': { $ne: 'completed' } };
    if (guard.owner) filter['registration.lockOwner'] = guard.owner;
    const update = withOutbox<BillingCustomer>(
      {
        $set: {
          stripeCustomerId: outcome.stripeCustomerId,
          subscriptionId: outcome.subscriptionId,
          'registration.step': 'completed',
          'registration.planId': outcome.planId,
          'registration.trialEnd': outcome.trialEnd,
          'registration.completedAt': outcome.at,
          'registration.lastError': null,
          'registration.lockOwner': null,
          'registration.lockUntil': null,
          updatedAt: outcome.at,
        },
      },
      entries,
    );
    const final = guard.eventId
      ? applyOnce<BillingCustomer>(filter, update, guard.eventId)
      : { filter, update };
    const res = await this.customers.updateOne(final.filter, final.update).exec();
    return res.modifiedCount === 1;
  }

  async setCheckoutSession(userId: string, planId: string, sessionId: string, now: Date): Promise<void> {
    await this.customers
      .updateOne(
        { _id: userId, 'registration.step': { $ne: 'completed' } },
        {
          $set: {
            'registration.flow': 'checkout',
            'registration.planId': planId,
            'registration.checkoutSessionId': sessionId,
            updatedAt: now,
          },
        },
      )
      .exec();
  }

  async setCurrentSubscription(userId: string, subscriptionId: string, now: Date): Promise<void> {
    await this.customers.updateOne({ _id: userId }, { $set: { subscriptionId, updatedAt: now } }).exec();
  }
}
