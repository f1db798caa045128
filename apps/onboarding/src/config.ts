import { z } from 'zod';
import {
  authConfigSchema,
  baseConfigSchema,
  kafkaConfigSchema,
  mailConfigSchema,
  mongoConfigSchema,
  redisConfigSchema,
  secret,
} from '@core-vault/platform';

/** BullMQ worker: check-ins, reminders, milestones, health score. */
export const onboardingConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend(redisConfigSchema.shape)
  .extend(authConfigSchema.shape)
  .extend(mailConfigSchema.shape)
  .extend({
    /** BullMQ queue of the check-in and reminder jobs (tests use their own). */
    ONBOARDING_QUEUE: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .default('onboarding-check-ins'),
    ONBOARDING_CONSUMER_GROUP: z.string().min(1).max(200).default('onboarding.events'),
    USER_DELETED_CONSUMER_GROUP: z.string().min(1).max(200).default('onboarding.user-deleted'),
    /**
     * The operators' password for bull-board at /internal/queues (user `operator`). Unset: no
     * board (the route answers 404). Long enough that guessing it over HTTP is not a plan.
     */
    QUEUE_BOARD_PASSWORD: secret(z.string().min(16)).optional(),
    /** Where the e-mails' links point (the SPA). */
    WEB_ORIGIN: z.string().url().default('http://127.0.0.1:4200'),
  });

export type OnboardingConfig = z.infer<typeof onboardingConfigSchema>;
