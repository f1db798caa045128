import { createHash, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

interface HostPort {
  host: string;
  port: number;
}

/** Shape of config/local.json: the one file of local ports and URLs, shared with tools/infra. */
export interface LocalConfigFile {
  infra: Record<'kafka' | 'mongo' | 'redis' | 'smtp' | 'mailApi' | 'stripeMock', HostPort> & {
    /** The search engine (tools/infra/services/opensearch.mjs); HTTP port. */
    opensearch?: HostPort;
  };
  apps: Record<string, { port: number; origin?: string }>;
}

export const SERVICE_NAMES = [
  'gateway',
  'identity',
  'billing',
  'artifacts',
  'analytics',
  'onboarding',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/**
 * The local config file: INFRA_CONFIG when set (a second copy of the stack on other ports, as
 * tools/infra runs it, e.g. the fresh-machine check beside a running stack), else
 * config/local.json of the workspace.
 */
export function findLocalConfigFile(start: string = process.cwd()): string | undefined {
  const override = process.env['INFRA_CONFIG'];
  return override ? resolve(override) : findWorkspaceConfigFile(start);
}

/** Walks up from `start` to the workspace root that holds config/local.json. */
export function findWorkspaceConfigFile(start: string = process.cwd()): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, 'config', 'local.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

export function readLocalConfigFile(path = findLocalConfigFile()): LocalConfigFile | undefined {
  return path ? (JSON.parse(readFileSync(path, 'utf8')) as LocalConfigFile) : undefined;
}

/**
 * The development token keys: an Ed25519 pair made on first use in the ignored .local/dev-keys,
 * so no key ever sits in the repository. Production passes real keys through Secrets.
 */
export function localDevKeys(
  configFile = findWorkspaceConfigFile(),
): { publicKey: string; privateKey: string } | undefined {
  if (!configFile) return undefined;
  const dir = join(dirname(dirname(configFile)), '.local', 'dev-keys');
  const pub = join(dir, 'auth-ed25519.pub.pem');
  const key = join(dir, 'auth-ed25519.key.pem');
  if (!existsSync(pub) || !existsSync(key)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const pair = generateKeyPairSync('ed25519');
    writeFileSync(key, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), { mode: 0o600 });
    writeFileSync(pub, pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  }
  return { publicKey: readFileSync(pub, 'utf8'), privateKey: readFileSync(key, 'utf8') };
}

/**
 * Environment-style defaults derived from config/local.json for one app. Real environment
 * variables always win; in production (NODE_ENV=production) no file defaults are used at all.
 */
export function localDefaults(app: string, file = readLocalConfigFile()): Record<string, string> {
  if (!file) return {};
  const keys = localDevKeys();
  const { infra, apps } = file;
  const url = (proto: string, hp: HostPort) => `${proto}://${hp.host}:${hp.port}`;
  const defaults: Record<string, string> = {
    MONGO_URL: url('mongodb', infra.mongo),
    MONGO_DB: `core_vault_${app}`,
    KAFKA_BROKERS: `${infra.kafka.host}:${infra.kafka.port}`,
    REDIS_URL: url('redis', infra.redis),
    SMTP_URL: url('smtp', infra.smtp),
    MAIL_API_URL: url('http', infra.mailApi),
    STRIPE_API_BASE: url('http', infra.stripeMock),
    ...(infra.opensearch ? { OPENSEARCH_URL: url('http', infra.opensearch) } : {}),
    // Billing against stripe-mock: any sk_test_ key passes; the webhook secret is a fixed TEST-ONLY value.
    STRIPE_MODE: 'local',
    STRIPE_SECRET_KEY: 'sk_test_123localstripemock',
    STRIPE_WEBHOOK_SECRET: 'whsec_local_test_only_not_a_secret',
    STRIPE_PRICE_PRO_MONTHLY: 'price_pro_monthly',
    STRIPE_PRICE_PRO_YEARLY: 'price_pro_yearly',
    STRIPE_PRICE_BUSINESS_MONTHLY: 'price_business_monthly',
    STRIPE_PRICE_BUSINESS_YEARLY: 'price_business_yearly',
    ...(keys ? { AUTH_PUBLIC_KEY: keys.publicKey } : {}),
    // Only identity signs tokens, so only identity gets the private key, even locally.
    ...(keys && app === 'identity' ? { AUTH_PRIVATE_KEY: keys.privateKey } : {}),
    // Identity's HMAC key for codes and refresh tokens, derived from the (unversioned) dev key.
    ...(keys && app === 'identity'
      ? { IDENTITY_HMAC_SECRET: createHash('sha256').update(`hmac:${keys.privateKey}`).digest('hex') }
      : {}),
    // Analytics' salt for visitor hashes, derived from the (unversioned) dev key like the HMAC above.
    ...(keys && app === 'analytics'
      ? { ANALYTICS_VISITOR_SALT: createHash('sha256').update(`visitors:${keys.privateKey}`).digest('hex') }
      : {}),
    // The renderer's key for per-artifact origin labels, derived from the dev key like the others.
    ...(keys && app === 'usercontent'
      ? { ARTIFACT_ORIGIN_SECRET: createHash('sha256').update(`origins:${keys.privateKey}`).digest('hex') }
      : {}),
    // The thumbnailer is the artifacts context's worker: it reads and writes the artifacts database,
    // and frames artifacts from its own origin, which the renderer accepts as a frame parent.
    ...(app === 'thumbnailer' ? { MONGO_DB: 'core_vault_artifacts' } : {}),
    ...(apps['thumbnailer']
      ? {
          THUMBNAILER_ORIGIN: `http://127.0.0.1:${apps['thumbnailer'].port}`,
          ...(app === 'usercontent'
            ? { FRAME_PARENT_ORIGINS: `http://127.0.0.1:${apps['thumbnailer'].port}` }
            : {}),
        }
      : {}),
    // The SPA's origin: the gateway refuses state-changing requests from any other.
    ...(apps['web'] ? { WEB_ORIGIN: `http://127.0.0.1:${apps['web'].port}` } : {}),
    // Artifact content is shown from this separate host (localhost vs 127.0.0.1: no shared cookies).
    ...(apps['usercontent']
      ? { RENDERER_ORIGIN: apps['usercontent'].origin ?? `http://localhost:${apps['usercontent'].port}` }
      : {}),
  };
  const port = apps[app]?.port;
  if (port !== undefined) defaults['PORT'] = String(port);
  for (const [name, { port: p }] of Object.entries(apps)) {
    defaults[`${name.toUpperCase()}_URL`] = `http://127.0.0.1:${p}`;
  }
  return defaults;
}
