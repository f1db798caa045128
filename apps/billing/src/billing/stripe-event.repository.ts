import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { STRIPE_EVENT_MODEL, type StripeEventRecord } from './stripe-event.schema';

@Injectable()
export class StripeEventRepository {
  constructor(@InjectModel(STRIPE_EVENT_MODEL) private readonly events: Model<StripeEventRecord>) {}

  async seen(id: string): Promise<boolean> {
    return (await this.events.exists({ _id: id }).exec()) !== null;
  }

  /** Remembers a handled event; the first outcome stays. */
  async record(event: Omit<StripeEventRecord, 'receivedAt'>, now: Date): Promise<void> {
    await this.events
      .updateOne({ _id: event._id }, { $setOnInsert: { ...event, receivedAt: now } }, { upsert: true })
      .exec()
      .catch((err: { code?: number }) => {
        if (err.code !== 11000) throw err;
      });
  }
}
