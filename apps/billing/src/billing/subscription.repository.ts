import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { type OutboxEntry, applyOnce, withOutbox } from '@core-vault/platform';
import { SUBSCRIPTION_MODEL, type SubscriptionMirror } from './subscription.schema';

const isDuplicateKey = (err: unknown) => (err as { code?: number } | null)?.code === 11000;

export type MirroredFields = Partial<
  Pick<
    SubscriptionMirror,
    'status' | 'planId' | 'priceId' | 'itemId' | 'cancelAtPeriodEnd' | 'trialEnd' | 'currentPeriodEnd'
  >
>;

@Injectable()
export class SubscriptionRepository {
  constructor(@InjectModel(SUBSCRIPTION_MODEL) private readonly subscriptions: Model<SubscriptionMirror>) {}

  findById(id: string): Promise<SubscriptionMirror | null> {
    return this.subscriptions.findById(id).lean<SubscriptionMirror>().exec();
  }

  forUser(userId: string): Promise<SubscriptionMirror[]> {
    return this.subscriptions
      .find({ userId })
      .sort({ createdAt: -1 })
      .limit(20)
      .lean<SubscriptionMirror[]>()
      .exec();
  }

  /** Creates the mirror on first sight, older than any real state so the first update wins. */
  private async ensure(id: string, userId: string, stripeCustomerId: string, now: Date): Promise<void> {
    try {
      await this.subscriptions
        .updateOne(
          { _id: id },
          {
            $setOnInsert: {
              userId,
              stripeCustomerId,
              status: 'incomplete',
              cancelAtPeriodEnd: false,
              stripeUpdatedAt: new Date(0),
              createdAt: now,
            },
          },
          { upsert: true },
        )
        .exec();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /**
   * Applies a state Stripe reported at `at`, with its events, in one write — unless a newer
   * state is already mirrored (out-of-order delivery) or this event id was applied before.
   * Returns false when nothing changed.
   */
  async apply(
    input: { id: string; userId: string; stripeCustomerId: string; fields: MirroredFields; at: Date },
    entries: readonly OutboxEntry[],
    eventId: string | null,
    now: Date,
  ): Promise<boolean> {
    await this.ensure(input.id, input.userId, input.stripeCustomerId, now);
    const filter = { _id: input.id, stripeUpdatedAt: { $lte: input.at } };
    const update = withOutbox<SubscriptionMirror>(
      { $set: { ...input.fields, stripeUpdatedAt: input.at } },
      entries,
    );
    const final = eventId ? applyOnce<SubscriptionMirror>(filter, update, eventId) : { filter, update };
    const res = await this.subscriptions.updateOne(final.filter, final.update).exec();
    return res.modifiedCount === 1;
  }

  /** Records a notice about the subscription (trial will end) once, without touching its state. */
  async notice(
    input: { id: string; userId: string; stripeCustomerId: string },
    entries: readonly OutboxEntry[],
    eventId: string,
    now: Date,
  ): Promise<boolean> {
    await this.ensure(input.id, input.userId, input.stripeCustomerId, now);
    const final = applyOnce<SubscriptionMirror>(
      { _id: input.id },
      withOutbox<SubscriptionMirror>({}, entries),
      eventId,
    );
    const res = await this.subscriptions.updateOne(final.filter, final.update).exec();
    return res.modifiedCount === 1;
  }
}
