/**
 * A private second set of infrastructure services (Kafka, the MongoDB-compatible server, Redis)
 * beside the shared one, for the restart, crash and scale-out tests: own ports, own data folder
 * under .local/durability/, own pid files — started, stopped and killed by the same
 * tools/infra code `npm start` uses (INFRA_CONFIG / INFRA_LOCAL point it here). The mail sink and
 * stripe-mock stay the shared ones (nothing here restarts them), and so does OpenSearch: its
 * ~440 MB and ~5 s start are too dear per suite, and each stack has its own indexes anyway.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, testInfra, uniqueSuffix, workspaceRoot } from '@core-vault/platform/testing';
import type { LocalConfigFile } from '@core-vault/platform';

const execFileAsync = promisify(execFile);

export type PrivateService = 'kafka' | 'mongo' | 'redis';

export interface InfraUrls {
  mongoUrl: string;
  kafkaBrokers: string[];
  redisUrl: string;
  smtpUrl: string;
  mailApiUrl: string;
  /** The shared OpenSearch (`infra up`); a stack's indexes are named after its run id. */
  opensearchUrl: string;
}

export interface PrivateInfra {
  urls: InfraUrls;
  /** The folder holding this set's data, logs and pid files. */
  dir: string;
  /** `infra up` for these services (all of them by default): start what is not running. */
  up(only?: PrivateService[]): Promise<void>;
  /** `infra down`: a clean stop (SIGTERM, then SIGKILL after the service's grace time). */
  down(only?: PrivateService[]): Promise<void>;
  /** SIGKILL to the service's whole process group, as a crash or an OOM kill would. */
  kill9(service: PrivateService): void;
  /** Stops everything and deletes the data folder. Safe to call more than once. */
  destroy(): Promise<void>;
  /**
   * Leaves this set running for inspection (E2E_KEEP_ON_FAILURE): nothing stops it when the
   * process exits, destroy() does nothing, and the returned lines say how to reach it and stop it.
   */
  keep(): string;
}

/**
 * E2E_KEEP_ON_FAILURE=1: a failing durability suite leaves its private broker and database
 * running, with their data, instead of tearing them down (see crash-dump.ts for what it writes).
 */
export const keepOnFailure = process.env['E2E_KEEP_ON_FAILURE'] === '1';

const INFRA = join(workspaceRoot, 'tools/infra/infra.mjs');
// Every private set of this process: killed when the process exits, even if a hook timed out
// (these services run detached, so the test runner's process-group cleanup does not reach them).
const live = new Set<string>();
process.once('exit', () => {
  for (const dir of live) for (const service of ['kafka', 'mongo', 'redis'] as const) signal(dir, service);
});

function pidOf(dir: string, service: PrivateService): number | null {
  try {
    return (JSON.parse(readFileSync(join(dir, 'run', `${service}.pid`), 'utf8')) as { pid: number }).pid;
  } catch {
    return null;
  }
}

function signal(dir: string, service: PrivateService): boolean {
  const pid = pidOf(dir, service);
  if (!pid) return false;
  try {
    process.kill(-pid, 'SIGKILL');
    return true;
  } catch {
    return false;
  }
}

export async function startPrivateInfra(
  services: PrivateService[] = ['kafka', 'mongo', 'redis'],
): Promise<PrivateInfra> {
  const dir = join(workspaceRoot, '.local', 'durability', uniqueSuffix(4));
  mkdirSync(dir, { recursive: true });
  const shared = JSON.parse(
    readFileSync(process.env['INFRA_CONFIG'] ?? join(workspaceRoot, 'config/local.json'), 'utf8'),
  ) as LocalConfigFile;
  const infra = structuredClone(shared.infra);
  if (services.includes('kafka'))
    infra.kafka = { ...infra.kafka, port: await freePort(), controllerPort: await freePort() } as never;
  if (services.includes('mongo')) infra.mongo = { ...infra.mongo, port: await freePort() };
  if (services.includes('redis')) infra.redis = { ...infra.redis, port: await freePort() };
  const configFile = join(dir, 'config.json');
  writeFileSync(configFile, JSON.stringify({ ...shared, infra }, null, 2));
  // The test's own MONGO_URL (if any) must not make the infra tool treat mongo as external.
  const { MONGO_URL: _external, ...inherited } = process.env;
  const env = { ...inherited, INFRA_CONFIG: configFile, INFRA_LOCAL: dir };

  const infraCommand = async (command: 'up' | 'down', only: PrivateService[]) => {
    try {
      await execFileAsync(process.execPath, [INFRA, command, '--only', only.join(',')], {
        env,
        cwd: workspaceRoot,
        timeout: 180_000,
      });
    } catch (err) {
      const e = err as { stderr?: string; message: string };
      throw new Error(`infra ${command} ${only.join(',')} failed: ${e.stderr?.trim() || e.message}`);
    }
  };

  const sharedUrls = testInfra();
  const urls: InfraUrls = {
    mongoUrl: `mongodb://${infra.mongo.host}:${infra.mongo.port}`,
    kafkaBrokers: [`${infra.kafka.host}:${infra.kafka.port}`],
    redisUrl: `redis://${infra.redis.host}:${infra.redis.port}`,
    smtpUrl: sharedUrls.smtpUrl,
    mailApiUrl: sharedUrls.mailApiUrl,
    opensearchUrl: sharedUrls.opensearchUrl,
  };
  const handle: PrivateInfra = {
    urls,
    dir,
    up: (only = services) => infraCommand('up', only),
    down: (only = services) => infraCommand('down', only),
    kill9(service) {
      if (!signal(dir, service)) throw new Error(`${service} of ${dir} is not running`);
    },
    keep() {
      live.delete(dir);
      const env = `INFRA_CONFIG=${configFile} INFRA_LOCAL=${dir}`;
      return [
        `private infrastructure kept running in ${dir}:`,
        `  mongo ${urls.mongoUrl}  kafka ${urls.kafkaBrokers.join(',')}  redis ${urls.redisUrl}`,
        `  stop it: ${env} node tools/infra/infra.mjs down --only ${services.join(',')} && rm -rf ${dir}`,
      ].join('\n');
    },
    async destroy() {
      if (!live.has(dir)) return;
      await infraCommand('down', services).catch(() => services.forEach((s) => signal(dir, s)));
      live.delete(dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  live.add(dir);
  try {
    await handle.up();
  } catch (err) {
    await handle.destroy();
    throw err;
  }
  return handle;
}
