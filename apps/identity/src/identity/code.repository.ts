import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { type CodePurpose, VERIFICATION_CODE_MODEL, type VerificationCode } from './code.schema';

export const codeId = (purpose: CodePurpose, userId: string): string => `${purpose}:${userId}`;

@Injectable()
export class CodeRepository {
  constructor(@InjectModel(VERIFICATION_CODE_MODEL) private readonly codes: Model<VerificationCode>) {}

  /** Replaces the user's code for this purpose (the previous one dies). */
  async replace(code: VerificationCode): Promise<void> {
    await this.codes.replaceOne({ _id: code._id }, code, { upsert: true }).exec();
  }

  findCode(purpose: CodePurpose, userId: string): Promise<VerificationCode | null> {
    return this.codes.findById(codeId(purpose, userId)).lean<VerificationCode>().exec();
  }

  /**
   * Takes one try from a live code before the comparison, atomically: however many guesses
   * arrive at once, at most `maxAttempts` are ever compared.
   */
  takeAttempt(
    purpose: CodePurpose,
    userId: string,
    maxAttempts: number,
    now: Date,
  ): Promise<VerificationCode | null> {
    return this.codes
      .findOneAndUpdate(
        {
          _id: codeId(purpose, userId),
          usedAt: null,
          attempts: { $lt: maxAttempts },
          expiresAt: { $gt: now },
        },
        { $inc: { attempts: 1 } },
        { new: true },
      )
      .lean<VerificationCode>()
      .exec();
  }

  /** Marks the code used, once: a second use of the same code finds it already used. */
  async consume(purpose: CodePurpose, userId: string, codeHash: string, now: Date): Promise<boolean> {
    const res = await this.codes
      .updateOne({ _id: codeId(purpose, userId), codeHash, usedAt: null }, { $set: { usedAt: now } })
      .exec();
    return res.modifiedCount === 1;
  }

  async setPasswordProof(userId: string, at: Date): Promise<void> {
    await this.codes
      .updateOne({ _id: codeId('sign-in', userId) }, { $set: { passwordVerifiedAt: at } })
      .exec();
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.codes.deleteMany({ userId }).exec();
  }
}
