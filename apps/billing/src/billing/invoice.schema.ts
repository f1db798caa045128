import { Schema } from 'mongoose';
import { type OutboxFields, appliedEventsField, outboxPlugin } from '@core-vault/platform';

export const INVOICE_MODEL = 'BillingInvoice';

/** Mirror of one Stripe invoice; paid / payment-failed events live in its outbox. */
export interface InvoiceMirror extends OutboxFields {
  _id: string;
  userId: string;
  stripeCustomerId: string;
  subscriptionId: string | null;
  /** Minor units (cents), as Stripe sends them. */
  amountMinor: number;
  currency: string;
  status: string;
  pdfUrl: string | null;
  /** The invoice's own creation time in Stripe (the billing history date). */
  issuedAt: Date;
  periodEnd: Date | null;
  stripeUpdatedAt: Date;
}

export const invoiceSchema = new Schema<InvoiceMirror>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    stripeCustomerId: { type: String, required: true },
    subscriptionId: { type: String, default: null },
    amountMinor: { type: Number, required: true },
    currency: { type: String, required: true },
    status: { type: String, required: true },
    pdfUrl: { type: String, default: null },
    issuedAt: { type: Date, required: true },
    periodEnd: { type: Date, default: null },
    stripeUpdatedAt: { type: Date, required: true },
    ...appliedEventsField,
  },
  { versionKey: false, collection: 'invoices' },
);
invoiceSchema.plugin(outboxPlugin);
// Billing history: the caller's latest invoices.
invoiceSchema.index({ userId: 1, issuedAt: -1 });
