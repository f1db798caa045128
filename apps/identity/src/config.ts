import { type z } from 'zod';
import {
  baseConfigSchema,
  kafkaConfigSchema,
  mongoConfigSchema,
  redisConfigSchema,
} from '@core-vault/platform';

/** Users, credentials, sign-in codes, sessions, roles. */
export const identityConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend(redisConfigSchema.shape);

export type IdentityConfig = z.infer<typeof identityConfigSchema>;
