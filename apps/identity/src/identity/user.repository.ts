import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import {
  type OutboxEntry,
  type OutboxFields,
  applyOnce,
  outboxOnCreate,
  withOutbox,
} from '@core-vault/platform';
import { type BillingState, USER_MODEL, type User } from './user.schema';

export type NewUser = Omit<User, 'createdAt' | 'updatedAt' | keyof OutboxFields>;

export class DuplicateEmailError extends Error {}

const isDuplicateKey = (err: unknown) => (err as { code?: number })?.code === 11000;

@Injectable()
export class UserRepository {
  constructor(@InjectModel(USER_MODEL) private readonly users: Model<User>) {}

  /** The user and its registration event in one document write (the outbox). */
  async create(user: NewUser, events: readonly OutboxEntry[]): Promise<User> {
    try {
      const doc = await this.users.create({ ...user, ...outboxOnCreate(events) });
      return doc.toObject();
    } catch (err) {
      if (isDuplicateKey(err)) throw new DuplicateEmailError();
      throw err;
    }
  }

  findById(id: string, withPassword = false): Promise<User | null> {
    const query = this.users.findById(id);
    return (withPassword ? query.select('+passwordHash') : query).lean<User>().exec();
  }

  findByEmail(email: string, withPassword = false): Promise<User | null> {
    const query = this.users.findOne({ email });
    return (withPassword ? query.select('+passwordHash') : query).lean<User>().exec();
  }

  async existsByEmail(email: string): Promise<boolean> {
    return (await this.users.exists({ email })) !== null;
  }

  /** Sets lastLoginAt and records the sign-in event in the same write; returns the fresh user. */
  recordSignIn(
    id: string,
    at: Date,
    events: readonly OutboxEntry[],
    passwordHash?: string,
  ): Promise<User | null> {
    const set: Partial<User> = { lastLoginAt: at, ...(passwordHash ? { passwordHash } : {}) };
    return this.users
      .findOneAndUpdate({ _id: id }, withOutbox<User>({ $set: set }, events), { new: true })
      .lean<User>()
      .exec();
  }

  async setPassword(
    id: string,
    passwordHash: string,
    at: Date,
    events: readonly OutboxEntry[],
  ): Promise<boolean> {
    const res = await this.users
      .updateOne({ _id: id }, withOutbox<User>({ $set: { passwordHash, passwordChangedAt: at } }, events))
      .exec();
    return res.matchedCount === 1;
  }

  /** New first and last name with the profile event in the same write; returns the fresh user. */
  updateName(
    id: string,
    name: Pick<User, 'firstName' | 'lastName'>,
    events: readonly OutboxEntry[],
  ): Promise<User | null> {
    return this.users
      .findOneAndUpdate({ _id: id }, withOutbox<User>({ $set: name }, events), { new: true })
      .lean<User>()
      .exec();
  }

  /**
   * Moves the account to a new address with the profile event in the same write. The unique
   * index decides a race for the address: the loser gets DuplicateEmailError.
   */
  async changeEmail(id: string, email: string, events: readonly OutboxEntry[]): Promise<User | null> {
    try {
      return await this.users
        .findOneAndUpdate({ _id: id }, withOutbox<User>({ $set: { email } }, events), { new: true })
        .lean<User>()
        .exec();
    } catch (err) {
      if (isDuplicateKey(err)) throw new DuplicateEmailError();
      throw err;
    }
  }

  async updatePasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.users.updateOne({ _id: id }, { $set: { passwordHash } }).exec();
  }

  /**
   * Newest-wins billing update in one conditional write: applies only when this event is not
   * older than the last one applied (`billingStateAt`) and has not been applied before (its id
   * is remembered on the document). Returns false when nothing changed.
   */
  async applyBillingState(
    id: string,
    state: Partial<BillingState>,
    effectiveAt: Date,
    eventId: string,
  ): Promise<boolean> {
    const { filter, update } = applyOnce<User>(
      { _id: id, $or: [{ billingStateAt: null }, { billingStateAt: { $lte: effectiveAt } }] },
      { $set: { ...state, billingStateAt: effectiveAt } },
      eventId,
    );
    const res = await this.users.updateOne(filter, update).exec();
    return res.modifiedCount === 1;
  }
}
