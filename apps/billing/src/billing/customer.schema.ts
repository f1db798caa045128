import { Schema } from 'mongoose';
import { type OutboxFields, appliedEventsField, outboxPlugin } from '@core-vault/platform';

export const CUSTOMER_MODEL = 'BillingCustomer';

/** Steps of the trial registration saga, in order; a retry resumes from the one reached. */
export const REGISTRATION_STEPS = [
  'started',
  'customer_created',
  'payment_method_attached',
  'completed',
] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

export interface PaymentMethodMirror {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface Registration {
  step: RegistrationStep;
  flow: 'elements' | 'checkout';
  planId: string;
  paymentMethodId: string | null;
  checkoutSessionId: string | null;
  /** Owner and expiry of the claim a running attempt holds; a crashed attempt's claim lapses. */
  lockOwner: string | null;
  lockUntil: Date | null;
  lastError: string | null;
  trialEnd: Date | null;
  completedAt: Date | null;
}

/**
 * The billing account of one user (`_id` = user id, so one per user by construction) and the
 * state of their trial registration saga. Trial-started events live in its outbox.
 */
export interface BillingCustomer extends OutboxFields {
  _id: string;
  email: string;
  name: string | null;
  stripeCustomerId?: string;
  /** The subscription the billing screen shows (the newest not-canceled one). */
  subscriptionId: string | null;
  defaultPaymentMethodId: string | null;
  paymentMethods: PaymentMethodMirror[];
  /**
   * Stripe time of the newest card change mirrored (an older webhook changes nothing) and a
   * counter for compare-and-set writes of the card list. Absent on accounts from before.
   */
  cardsAt?: Date | null;
  cardsVersion?: number;
  registration: Registration | null;
  createdAt: Date;
  updatedAt: Date;
}

const paymentMethodSchema = new Schema<PaymentMethodMirror>(
  {
    id: { type: String, required: true },
    brand: String,
    last4: String,
    expMonth: Number,
    expYear: Number,
  },
  { _id: false },
);

const registrationSchema = new Schema<Registration>(
  {
    step: { type: String, required: true, enum: REGISTRATION_STEPS },
    flow: { type: String, required: true, enum: ['elements', 'checkout'] },
    planId: { type: String, required: true },
    paymentMethodId: { type: String, default: null },
    checkoutSessionId: { type: String, default: null },
    lockOwner: { type: String, default: null },
    lockUntil: { type: Date, default: null },
    lastError: { type: String, default: null },
    trialEnd: { type: Date, default: null },
    completedAt: { type: Date, default: null },
  },
  { _id: false },
);

export const customerSchema = new Schema<BillingCustomer>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    name: { type: String, default: null },
    // Absent (never null) until known: the sparse unique index below skips absent values only.
    stripeCustomerId: { type: String, default: undefined },
    subscriptionId: { type: String, default: null },
    defaultPaymentMethodId: { type: String, default: null },
    paymentMethods: { type: [paymentMethodSchema], default: [] },
    cardsAt: { type: Date, default: undefined },
    cardsVersion: { type: Number, default: undefined },
    registration: { type: registrationSchema, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    ...appliedEventsField,
  },
  { versionKey: false, collection: 'customers' },
);
customerSchema.plugin(outboxPlugin);
// Webhooks find the user of a Stripe object by its customer id; unique so one customer maps to one user.
// Sparse rather than partial: mongo-java-server ignores partialFilterExpression.
customerSchema.index({ stripeCustomerId: 1 }, { unique: true, sparse: true });
// payment_method.detached (its customer already gone) finds the account that had the card.
customerSchema.index({ 'paymentMethods.id': 1 });
// checkout.session.completed finds the registration that opened the session.
customerSchema.index({ 'registration.checkoutSessionId': 1 });
