import { type z } from 'zod';
import {
  baseConfigSchema,
  kafkaConfigSchema,
  mongoConfigSchema,
  redisConfigSchema,
} from '@core-vault/platform';

/** Stripe customers, subscriptions, invoices, webhooks. */
export const billingConfigSchema = baseConfigSchema
  .extend(mongoConfigSchema.shape)
  .extend(kafkaConfigSchema.shape)
  .extend(redisConfigSchema.shape);

export type BillingConfig = z.infer<typeof billingConfigSchema>;
