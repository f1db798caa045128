import { z } from 'zod';
import { httpUrl } from '@core-vault/platform';

/** Gateway-wide request protection (cross-site refusal, rate limits). */
export const securityConfigSchema = z.object({
  /** The SPA's origin, e.g. https://app.corevault.example: the only origin allowed to change state. */
  WEB_ORIGIN: httpUrl,
  /** Redis key prefix of the rate-limit counters (tests use their own). */
  RATE_LIMIT_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'must be letters, digits, ":", "_" or "-"')
    .default('rl:gateway'),
  /** Requests a personal access token may make per window (any plan; docs/reference/identity.md). */
  TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  /** The same for a key whose owner holds api_access (Business). */
  TOKEN_RATE_LIMIT_BUSINESS: z.coerce.number().int().min(1).default(600),
  /** The window of the per-key limit; tests shrink the limit, never the clock. */
  TOKEN_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  /** Proxies in front of the gateway whose X-Forwarded-For is trusted (0 locally, 1 behind an ingress). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
});
