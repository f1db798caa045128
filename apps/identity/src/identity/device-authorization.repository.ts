import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { DEVICE_AUTHORIZATION_MODEL, type DeviceAuthorization } from './device-authorization.schema';

const isDuplicateKey = (err: unknown) => (err as { code?: number } | null)?.code === 11000;

/**
 * Device sign-ins. Every change of state is one conditional write on the document, so of any
 * number of concurrent polls or answers exactly one takes each step (no transactions needed).
 */
@Injectable()
export class DeviceAuthorizationRepository {
  constructor(@InjectModel(DEVICE_AUTHORIZATION_MODEL) private readonly auths: Model<DeviceAuthorization>) {}

  /** Stores a new sign-in; false (nothing stored) when its user code is taken, so the caller draws another. */
  async create(auth: DeviceAuthorization): Promise<boolean> {
    try {
      await this.auths.create(auth);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  findByDeviceCode(deviceCodeHash: string): Promise<DeviceAuthorization | null> {
    return this.auths.findOne({ deviceCodeHash }).lean<DeviceAuthorization>().exec();
  }

  findByUserCode(userCodeHash: string): Promise<DeviceAuthorization | null> {
    return this.auths.findOne({ userCodeHash }).lean<DeviceAuthorization>().exec();
  }

  /**
   * Records a poll, only if no other poll was recorded since this one read the document (so two
   * polls at once cannot both pass as on time); `interval` is the one from now on.
   */
  async recordPoll(id: string, seenLastPolledAt: Date | null, now: Date, interval: number): Promise<boolean> {
    const res = await this.auths
      .updateOne({ _id: id, lastPolledAt: seenLastPolledAt }, { $set: { lastPolledAt: now, interval } })
      .exec();
    return res.modifiedCount === 1;
  }

  /** A person's answer, once, while the sign-in is pending and live. */
  async answer(id: string, userId: string, status: 'approved' | 'denied', now: Date): Promise<boolean> {
    const res = await this.auths
      .updateOne(
        { _id: id, status: 'pending', expiresAt: { $gt: now } },
        { $set: { status, userId, answeredAt: now } },
      )
      .exec();
    return res.modifiedCount === 1;
  }

  /** Takes an approved, live sign-in for minting its key: one poll wins, the others find it spent. */
  async claimForExchange(id: string, now: Date): Promise<boolean> {
    const res = await this.auths
      .updateOne(
        { _id: id, status: 'approved', expiresAt: { $gt: now } },
        { $set: { status: 'exchanging', lastPolledAt: now } },
      )
      .exec();
    return res.modifiedCount === 1;
  }

  async markExchanged(id: string, tokenId: string): Promise<void> {
    await this.auths
      .updateOne({ _id: id, status: 'exchanging' }, { $set: { status: 'exchanged', tokenId } })
      .exec();
  }

  /** Minting failed (nothing was made): the sign-in is approved again, as before the claim. */
  async releaseClaim(id: string): Promise<void> {
    await this.auths.updateOne({ _id: id, status: 'exchanging' }, { $set: { status: 'approved' } }).exec();
  }
}
