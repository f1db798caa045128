import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { type OutboxEntry, applyOnce, withOutbox } from '@core-vault/platform';
import { INVOICE_MODEL, type InvoiceMirror } from './invoice.schema';

const isDuplicateKey = (err: unknown) => (err as { code?: number } | null)?.code === 11000;

export type InvoiceFields = Omit<InvoiceMirror, '_id' | 'userId' | 'stripeCustomerId' | 'stripeUpdatedAt'>;

@Injectable()
export class InvoiceRepository {
  constructor(@InjectModel(INVOICE_MODEL) private readonly invoices: Model<InvoiceMirror>) {}

  latestForUser(userId: string, limit: number): Promise<InvoiceMirror[]> {
    return this.invoices.find({ userId }).sort({ issuedAt: -1 }).limit(limit).lean<InvoiceMirror[]>().exec();
  }

  /** The subscription's newest invoice still waiting for a payment (a failed renewal), if any. */
  openForSubscription(userId: string, subscriptionId: string): Promise<InvoiceMirror | null> {
    return this.invoices
      .findOne({ userId, subscriptionId, status: 'open' })
      .sort({ issuedAt: -1 })
      .lean<InvoiceMirror>()
      .exec();
  }

  /**
   * Paid through the billing screen: shown as paid at once. No event here — the `invoice.paid`
   * webhook that follows announces it (and, being as new, applies over this).
   */
  async markPaid(id: string, at: Date): Promise<void> {
    await this.invoices
      .updateOne(
        { _id: id, stripeUpdatedAt: { $lte: at } },
        { $set: { status: 'paid', stripeUpdatedAt: at } },
      )
      .exec();
  }

  /** Same rules as subscriptions: newest Stripe state wins, each event id once, events in the same write. */
  async apply(
    input: { id: string; userId: string; stripeCustomerId: string; fields: InvoiceFields; at: Date },
    entries: readonly OutboxEntry[],
    eventId: string,
  ): Promise<boolean> {
    try {
      await this.invoices
        .updateOne(
          { _id: input.id },
          {
            $setOnInsert: {
              userId: input.userId,
              stripeCustomerId: input.stripeCustomerId,
              amountMinor: input.fields.amountMinor,
              currency: input.fields.currency,
              status: 'draft',
              issuedAt: input.fields.issuedAt,
              stripeUpdatedAt: new Date(0),
            },
          },
          { upsert: true },
        )
        .exec();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const final = applyOnce<InvoiceMirror>(
      { _id: input.id, stripeUpdatedAt: { $lte: input.at } },
      withOutbox<InvoiceMirror>({ $set: { ...input.fields, stripeUpdatedAt: input.at } }, entries),
      eventId,
    );
    const res = await this.invoices.updateOne(final.filter, final.update).exec();
    return res.modifiedCount === 1;
  }
}
