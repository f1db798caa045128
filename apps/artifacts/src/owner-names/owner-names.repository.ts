import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { OWNER_NAME_MODEL, type OwnerNameDoc } from './owner-name.schema';

const isDuplicateKey = (err: unknown): boolean => (err as { code?: number } | null)?.code === 11000;

/** The only place that touches owner_names. */
@Injectable()
export class OwnerNamesRepository {
  constructor(@InjectModel(OWNER_NAME_MODEL) private readonly model: Model<OwnerNameDoc>) {}

  /**
   * Newest wins: the name is stored only if it is newer than the one kept (registration and
   * profile events travel on different topics, and any of them may be delivered again). An
   * older one finds the document and loses the upsert's race on its _id: nothing changes.
   */
  async record(userId: string, displayName: string | null, at: Date): Promise<void> {
    try {
      await this.model
        .updateOne({ _id: userId, at: { $lt: at } }, { $set: { displayName, at } }, { upsert: true })
        .exec();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  async nameOf(userId: string): Promise<string | null> {
    const doc = await this.model
      .findById(userId, { displayName: 1 })
      .lean<Pick<OwnerNameDoc, 'displayName'>>()
      .exec();
    return doc?.displayName ?? null;
  }

  /**
   * The account is gone: its name with it, and no trace of its id (the erasure leaves none in
   * any service). An event already handled that is delivered again is skipped by the consumer's
   * processed marks; only a registration or profile event never handled before the deletion
   * could add a name again, and it carries nothing the account did not have.
   */
  async erase(userId: string): Promise<void> {
    await this.model.deleteOne({ _id: userId }).exec();
  }
}
