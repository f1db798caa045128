import { type z } from 'zod';
import {
  baseConfigSchema,
  kafkaConfigSchema,
  mongoConfigSchema,
  redisConfigSchema,
} from '@core-vault/platform';

/** BullMQ worker: check-ins, reminders, milestones, health score. */
export const onboardingConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend(redisConfigSchema.shape);

export type OnboardingConfig = z.infer<typeof onboardingConfigSchema>;
