import { createPrivateKey, createPublicKey } from 'node:crypto';
import { z } from 'zod';
import { localDefaults } from './local-config';

/** Thrown when the environment does not satisfy an app's schema; its message is one line. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Marks a config field as secret: its value is never logged or printed. */
export function secret<T extends z.ZodType>(schema: T): T {
  return schema.meta({ secret: true });
}

export function isSecretField(schema: z.ZodObject, key: string): boolean {
  const field = schema.shape[key] as z.ZodType | undefined;
  return Boolean(field?.meta()?.['secret']);
}

export const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const urlWith = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    `must be a ${protocols.join(' or ')} URL`,
  );

export const httpUrl = urlWith(['http', 'https']);

export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Longest a SIGTERM waits for in-flight work before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** OTLP/HTTP collector base URL; traces are exported only when set. */
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
});

export const mongoConfigSchema = z.object({
  MONGO_URL: secret(urlWith(['mongodb', 'mongodb+srv'])),
  MONGO_DB: z.string().regex(/^[A-Za-z0-9_-]{1,63}$/, 'must be a database name (letters, digits, _ and -)'),
});

export const kafkaConfigSchema = z.object({
  KAFKA_BROKERS: z
    .string()
    .regex(/^[^,\s:]+:\d{1,5}(,[^,\s:]+:\d{1,5})*$/, 'must be a comma-separated list of host:port'),
  KAFKA_TOPIC_PARTITIONS: z.coerce.number().int().min(1).max(256).default(3),
  KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(7).default(1),
  /** Attempts before a failing event is parked on its dead-letter topic. */
  KAFKA_CONSUMER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  /**
   * How long the group waits for a silent consumer (a crashed pod) before its partitions go to
   * the others. 6 s is the broker's minimum (group.min.session.timeout.ms).
   */
  KAFKA_CONSUMER_SESSION_TIMEOUT_MS: z.coerce.number().int().min(6_000).max(300_000).default(30_000),
  /**
   * How long a fetch waits on the broker when there is nothing to read. It costs no latency (a
   * fetch returns as soon as a message arrives) but bounds how long a consumer takes to stop: it
   * finishes the fetch in flight first. kafkajs's 5 s default; the test stacks use less so the
   * many service stops of a test run do not each wait 5 s.
   */
  KAFKA_CONSUMER_MAX_WAIT_MS: z.coerce.number().int().min(10).max(30_000).default(5_000),
});

export const redisConfigSchema = z.object({ REDIS_URL: secret(urlWith(['redis', 'rediss'])) });

const pemKey = (kind: 'public' | 'private') =>
  z.string().refine((v) => {
    try {
      (kind === 'public' ? createPublicKey : createPrivateKey)(v);
      return true;
    } catch {
      return false;
    }
  }, `must be a PEM-encoded ${kind} key`);

/** Every service verifies access tokens with identity's public key. */
export const authConfigSchema = z.object({ AUTH_PUBLIC_KEY: pemKey('public') });

/** Identity alone signs them. */
export const authIssuerConfigSchema = z.object({ AUTH_PRIVATE_KEY: secret(pemKey('private')) });

function describeIssue(issue: z.core.$ZodIssue, env: Record<string, string | undefined>): string {
  const key = issue.path.join('.') || '(root)';
  const value = env[key];
  if (value === undefined) return `${key} is required`;
  return `${key} ${issue.message}`;
}

/**
 * Validates the environment against an app's schema. File defaults from config/local.json are
 * used outside production. Throws ConfigError with one line naming the first bad variable.
 */
export function loadConfig<S extends z.ZodObject>(
  app: string,
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const defaults = env['NODE_ENV'] === 'production' ? {} : localDefaults(app);
  const merged: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key] !== undefined && env[key] !== '' ? env[key] : defaults[key];
    if (value !== undefined) merged[key] = value;
  }
  const result = schema.safeParse(merged);
  if (!result.success) {
    const first = result.error.issues[0] as z.core.$ZodIssue;
    throw new ConfigError(`[${app}] invalid configuration: ${describeIssue(first, merged)}`);
  }
  return result.data;
}

/** The config with secrets masked, fit for a start-up log line. */
export function describeConfig(
  schema: z.ZodObject,
  config: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(config).map(([k, v]) => [k, isSecretField(schema, k) ? '[secret]' : v]),
  );
}
