import { Schema } from 'mongoose';

export const STRIPE_EVENT_MODEL = 'StripeEvent';

/** Every Stripe event id billing has handled, and what came of it (replays are answered from here). */
export interface StripeEventRecord {
  _id: string;
  type: string;
  outcome: 'applied' | 'ignored' | 'unknown-customer' | 'stale';
  stripeCreatedAt: Date;
  receivedAt: Date;
}

export const stripeEventSchema = new Schema<StripeEventRecord>(
  {
    _id: { type: String, required: true },
    type: { type: String, required: true },
    outcome: { type: String, required: true },
    stripeCreatedAt: { type: Date, required: true },
    receivedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'stripe_events' },
);
// Lookups are by _id (the event id) only. Old records are housekeeping on a real MongoDB.
stripeEventSchema.index({ receivedAt: 1 }, { expireAfterSeconds: 90 * 24 * 3600 });
