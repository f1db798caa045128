import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { type Model } from 'mongoose';
import { ONBOARDING_USER_MODEL, type OnboardingUserDoc } from './onboarding.schema';

/** Account erasure's writes in the onboarding database: the user's one document goes. */
@Injectable()
export class OnboardingUserErasure {
  constructor(@InjectModel(ONBOARDING_USER_MODEL) private readonly users: Model<OnboardingUserDoc>) {}

  /** The check-in jobs recorded for the user, or [] when nothing is held any more. */
  async scheduledJobs(userId: string): Promise<string[]> {
    const doc = await this.users
      .findById(userId, { scheduledJobs: 1 })
      .lean<Pick<OnboardingUserDoc, 'scheduledJobs'>>()
      .exec();
    return doc?.scheduledJobs ?? [];
  }

  async remove(userId: string): Promise<void> {
    await this.users.deleteOne({ _id: userId }).exec();
  }
}
