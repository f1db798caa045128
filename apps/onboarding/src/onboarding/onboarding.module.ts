import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CLOCK, systemClock } from '@core-vault/platform';
import { CheckInScheduler } from './check-in.scheduler';
import { CheckInWorker } from './check-in.worker';
import { OnboardingEventsConsumer } from './onboarding-events.consumer';
import { OnboardingController } from './onboarding.controller';
import { OnboardingRepository } from './onboarding.repository';
import { ONBOARDING_USER_MODEL, onboardingUserSchema } from './onboarding.schema';
import { OnboardingService } from './onboarding.service';
import { UserDeletedConsumer } from './user-deleted.consumer';
import { OnboardingUserErasure } from './user-erasure.repository';

/** The onboarding bounded context: milestones, health score, check-in jobs. */
@Module({
  imports: [MongooseModule.forFeature([{ name: ONBOARDING_USER_MODEL, schema: onboardingUserSchema }])],
  // The consumers are controllers: Nest registers their @EventPattern handlers.
  controllers: [OnboardingController, OnboardingEventsConsumer, UserDeletedConsumer],
  providers: [
    { provide: CLOCK, useValue: systemClock },
    OnboardingRepository,
    OnboardingService,
    CheckInScheduler,
    CheckInWorker,
    OnboardingUserErasure,
  ],
  exports: [CLOCK, CheckInScheduler],
})
export class OnboardingModule {}
