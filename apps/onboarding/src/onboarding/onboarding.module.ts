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

/** The onboarding bounded context: milestones, health score, check-in jobs. */
@Module({
  imports: [MongooseModule.forFeature([{ name: ONBOARDING_USER_MODEL, schema: onboardingUserSchema }])],
  // OnboardingEventsConsumer is a controller: Nest registers its @EventPattern handlers.
  controllers: [OnboardingController, OnboardingEventsConsumer],
  providers: [
    { provide: CLOCK, useValue: systemClock },
    OnboardingRepository,
    OnboardingService,
    CheckInScheduler,
    CheckInWorker,
  ],
  exports: [CLOCK, CheckInScheduler],
})
export class OnboardingModule {}
