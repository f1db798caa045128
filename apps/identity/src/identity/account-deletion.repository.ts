import { Injectable } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { type Connection, type Model } from 'mongoose';
import { type OutboxEntry, withOutbox } from '@core-vault/platform';
import { USER_MODEL, type User } from './user.schema';

/**
 * The address a deleted account keeps until the purge: unique (the e-mail index) and in a
 * reserved top-level domain, so nobody can sign up or sign in with it.
 */
export const erasedEmail = (userId: string): string => `erased+${userId}@deleted.invalid`;

/** Identity's collections that name a user by `userId` (the user and quota documents by `_id`). */
const BY_USER_ID = ['sessions', 'personal_tokens', 'verification_codes'] as const;
const BY_ID = ['personal_token_quotas', 'users'] as const;

/**
 * Account deletion's writes in the identity database. Step one (`tombstone`) replaces every
 * personal field and records identity.user-deleted.v1 in the same document write: the account is
 * gone for sign-in at once, and the event cannot be lost. Step two (`purge`, from identity's own
 * consumer of that event, so after the outbox has published it) removes every trace.
 */
@Injectable()
export class AccountDeletionRepository {
  constructor(
    @InjectModel(USER_MODEL) private readonly users: Model<User>,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  /** True when this call deleted the account; false when it was already deleted (or never existed). */
  async tombstone(userId: string, events: readonly OutboxEntry[]): Promise<boolean> {
    const email = erasedEmail(userId);
    const res = await this.users
      .updateOne(
        { _id: userId, email: { $ne: email } },
        withOutbox<User>(
          {
            $set: {
              email,
              firstName: '',
              lastName: '',
              // No password matches an empty hash: the verifier rejects a malformed one.
              passwordHash: '',
              requestedPlan: '',
              isActive: false,
              stripeCustomerId: null,
              subscriptionId: null,
            },
            $unset: { migratedFromUserId: 1, lastLoginAt: 1 },
          },
          events,
        ),
      )
      .exec();
    return res.modifiedCount === 1;
  }

  isTombstone(user: Pick<User, '_id' | 'email'>): boolean {
    return user.email === erasedEmail(user._id);
  }

  /** Everything identity holds of the user, the tombstone last (so a retry still knows the user). */
  async purge(userId: string): Promise<void> {
    for (const name of BY_USER_ID) await this.connection.collection(name).deleteMany({ userId });
    for (const name of BY_ID)
      await this.connection.collection<{ _id: string }>(name).deleteOne({ _id: userId });
  }
}
