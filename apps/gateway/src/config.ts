import { z } from 'zod';
import {
  authConfigSchema,
  baseConfigSchema,
  httpUrl,
  kafkaConfigSchema,
  redisConfigSchema,
} from '@core-vault/platform';
import { analyticsGatewayConfigSchema } from './analytics/analytics-gateway.config';
import { securityConfigSchema } from './security/security.config';
import { sharePageConfigSchema } from './share-page/share-page.config';

/** The only public entry: auth, rate limits, routing to the owning services. */
export const gatewayConfigSchema = baseConfigSchema
  .extend(redisConfigSchema.shape)
  .extend(authConfigSchema.shape)
  .extend(securityConfigSchema.shape)
  // Kafka: the track-view producer (views go straight to the topic, no outbox).
  .extend(kafkaConfigSchema.shape)
  .extend(analyticsGatewayConfigSchema.shape)
  .extend(sharePageConfigSchema.shape)
  .extend({
    IDENTITY_URL: httpUrl,
    BILLING_URL: httpUrl,
    ARTIFACTS_URL: httpUrl,
    ANALYTICS_URL: httpUrl,
    ONBOARDING_URL: httpUrl,
    /** max-age of public artifact reads; keep equal to the artifacts service's PUBLIC_MAX_AGE_SECONDS. */
    PUBLIC_ARTIFACT_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(0),
  });

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export const DOWNSTREAM_SERVICES = ['identity', 'billing', 'artifacts', 'analytics', 'onboarding'] as const;
export type DownstreamService = (typeof DOWNSTREAM_SERVICES)[number];

export function serviceUrl(config: GatewayConfig, service: DownstreamService): string {
  const urls: Record<DownstreamService, string> = {
    identity: config.IDENTITY_URL,
    billing: config.BILLING_URL,
    artifacts: config.ARTIFACTS_URL,
    analytics: config.ANALYTICS_URL,
    onboarding: config.ONBOARDING_URL,
  };
  return urls[service];
}
