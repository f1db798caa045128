/**
 * The whole local stack as `npm start` runs it — every service from apps/<name>/dist/main.js, the
 * renderer, and the SPA under `vite preview` — on free ports, so browser tests never collide with
 * a running `npm start`. The infrastructure (Kafka, Mongo, Redis, mail sink, stripe-mock,
 * OpenSearch) must be up already (`node tools/infra/infra.mjs up`). Each stack gets its own
 * databases, consumer groups, queue, search index and rate-limit namespace.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  answersOk,
  deleteIndexesStartingWith,
  freePort,
  SERVICE_BOOT_TIMEOUT_MS,
  groupEnv,
  startServiceGroupsAtEnd,
  testInfra,
  uniqueSuffix,
  waitFor,
  workspaceRoot,
} from '@core-vault/platform/testing';
import type { InfraUrls } from './private-infra';
import { spaFor } from './spa-build';

const SERVICES = ['identity', 'billing', 'artifacts', 'analytics', 'onboarding'] as const;
type Service = (typeof SERVICES)[number] | 'gateway';
type Name = Service | 'usercontent' | 'web';

export interface Stack {
  webUrl: string;
  gatewayUrl: string;
  mailApiUrl: string;
  logDir: string;
  /** Names databases, consumer groups and queues: start a stack with the same one to restart it. */
  runId: string;
  /** Base URL of a service's first instance. */
  serviceUrl(name: Service): string;
  /**
   * Starts one more instance of a service (same databases, consumer groups and queue) on a new
   * port and waits until it is ready; `key` names it for kill(). This is how a service scales out.
   */
  startInstance(name: Service, key: string): Promise<string>;
  /** Sends a signal to one instance (`name` or a key given to startInstance); resolves on exit. */
  kill(key: string, signal?: NodeJS.Signals): Promise<void>;
  /**
   * Stops every process, then deletes the run's search indexes (best effort). `keepSearchIndex`:
   * keep them for a stack started again with the same runId (a restart keeps its data).
   */
  stop(options?: { keepSearchIndex?: boolean }): Promise<void>;
}

export interface StackOptions {
  /** Build first (tsc -b and the renderer's assets). Default true. The SPA is always prepared (spa-build.ts). */
  build?: boolean;
  /** Extra environment for every service. */
  env?: Record<string, string>;
  /** Where Kafka, MongoDB, Redis, the mail sink and OpenSearch answer; the shared local ones by default. */
  infra?: InfraUrls;
  /** Start the SPA (`vite preview`) and the renderer too. Default true; API-only tests skip both. */
  web?: boolean;
  /**
   * The run id of an earlier stack to start again over the same data (a restart). Consumer groups
   * then resume from their committed offsets.
   */
  runId?: string;
}

const bin = (name: string) => join(workspaceRoot, 'node_modules', '.bin', name);

// Children of every stack of this process: killed when the process exits, even if a test
// runner times out a hook and exits without calling stop().
const spawned = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of spawned)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd: workspaceRoot, env, stdio: 'pipe', encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`.slice(-4000));
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const run_id = options.runId ?? uniqueSuffix(4);
  const restart = options.runId !== undefined;
  const infra = options.infra ?? testInfra();
  const logDir = join(workspaceRoot, '.local', 'e2e', run_id);
  mkdirSync(logDir, { recursive: true });
  const ports = Object.fromEntries(
    await Promise.all(
      [...SERVICES, 'gateway', 'usercontent', 'web'].map(async (n) => [n, await freePort()] as const),
    ),
  ) as Record<Name, number>;
  const url = (n: Name) => `http://127.0.0.1:${ports[n]}`;
  const webOrigin = url('web');
  // A different host than the app (localhost vs 127.0.0.1): no shared cookies or storage.
  const rendererOrigin = `http://localhost:${ports.usercontent}`;
  const webDist = join(logDir, 'web-dist');
  const rendererMain = join(workspaceRoot, 'apps/usercontent/dist/main.js');

  if (options.build !== false) {
    run(bin('tsc'), ['-b', 'tsconfig.build.json']);
    // The renderer (separate origin for artifact frames) is built like its project.json says.
    const assets = join(workspaceRoot, 'apps/usercontent/scripts/build-assets.mjs');
    if (existsSync(assets)) {
      run(bin('tsc'), ['-b', 'apps/usercontent/tsconfig.app.json']);
      run(process.execPath, [assets]);
    }
  }
  const web = options.web !== false;
  const hasRenderer = web && existsSync(rendererMain);
  // The renderer origin is built into the SPA: each stack gets a copy of one shared build with
  // its origin written in (spa-build.ts), rebuilt only when the SPA's sources changed.
  if (web) spaFor(rendererOrigin, webDist, bin('vite'));

  const searchIndex = `e2e-${run_id}-artifacts`;
  const common: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    MONGO_URL: infra.mongoUrl,
    REDIS_URL: infra.redisUrl,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    SMTP_URL: infra.smtpUrl,
    OPENSEARCH_URL: infra.opensearchUrl,
    // The artifacts' search read model: an index alias of this run's own.
    SEARCH_INDEX: searchIndex,
    WEB_ORIGIN: webOrigin,
    // The gateway reads the SPA's index.html here for the /view/{id} pages (#18).
    WEB_INTERNAL_URL: webOrigin,
    RENDERER_ORIGIN: rendererOrigin,
    ...Object.fromEntries([...SERVICES, 'gateway'].map((n) => [`${n.toUpperCase()}_URL`, url(n as Name)])),
    ANALYTICS_REDIS_PREFIX: `e2e-${run_id}`,
    ONBOARDING_QUEUE: `e2e-${run_id}-check-ins`,
    RATE_LIMIT_NAMESPACE: `e2e-${run_id}`,
    // The artifact runtime's rate limits and daily AI quotas (anonymous viewers are all 127.0.0.1 here).
    RUNTIME_REDIS_PREFIX: `e2e-${run_id}-runtime`,
    // Each service with consumers would wait out a 5 s idle fetch at every stop (docs/guides/operations.md).
    KAFKA_CONSUMER_MAX_WAIT_MS: '250',
    // The suites count views they send from one address (127.0.0.1) exactly, in batches of up to
    // 100: one visitor's daily allowance per artifact and the batch size are lifted here (their
    // own suites are apps/gateway/src/analytics and apps/analytics/src/analytics).
    TRACK_VIEWS_PER_VISITOR_DAY: '100000000',
    TRACK_BATCH_MAX_EVENTS: '100',
    ...options.env,
  };

  // Consumer groups of this run's own (platform's testing/service-groups.ts): `e2e-<runId>.<service>.<group>`.
  const groupPrefix = `e2e-${run_id}`;

  // A fresh stack on the shared broker skips earlier runs' backlog; a restarted one, or one on a
  // private broker, must read everything its groups have not consumed yet.
  if (!restart && !options.infra) await startServiceGroupsAtEnd(infra.kafkaBrokers, groupPrefix, SERVICES);

  const children = new Map<string, ChildProcess>();
  const start = (name: string, command: string, args: string[], env: Record<string, string>) => {
    const log = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
    const child = spawn(command, args, {
      cwd: workspaceRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    children.set(name, child);
    spawned.add(child);
    child.once('exit', () => spawned.delete(child));
  };

  const stopProcesses = async () => {
    const exits = [...children.values()]
      .filter((c) => c.exitCode === null && c.signalCode === null)
      .map((c) => new Promise((r) => (c.once('exit', r), c.kill('SIGTERM'))));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(exits), new Promise((r) => (timer = setTimeout(r, 10_000)))]);
    // Cleared, so a stopped stack leaves nothing behind that keeps Jest from exiting.
    clearTimeout(timer);
    for (const c of children.values()) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  };
  // After the services are gone (none can create the index again), and never failing the stop.
  const stop = async ({ keepSearchIndex = false } = {}) => {
    await stopProcesses();
    if (!keepSearchIndex && infra.opensearchUrl)
      await deleteIndexesStartingWith(infra.opensearchUrl, searchIndex).catch((err: Error) =>
        console.warn(`stack ${run_id}: search indexes not deleted: ${err.message}`),
      );
  };

  const startService = (name: Service, key: string, port: number) =>
    start(key, process.execPath, [join(workspaceRoot, `apps/${name}/dist/main.js`)], {
      ...common,
      PORT: String(port),
      MONGO_DB: `cv_e2e_${run_id}_${name}`,
      ...groupEnv(groupPrefix, name),
    });
  const ready = (key: string, health: string) =>
    waitFor(
      () => {
        const child = children.get(key);
        if (child && child.exitCode !== null) throw new Error(`${key} exited; see ${logDir}/${key}.log`);
        return answersOk(health);
      },
      Boolean,
      { timeoutMs: SERVICE_BOOT_TIMEOUT_MS, intervalMs: 250, what: `${key} ready (${logDir}/${key}.log)` },
    );

  try {
    for (const name of [...SERVICES, 'gateway'] as const) startService(name, name, ports[name]);
    if (hasRenderer)
      start('usercontent', process.execPath, [rendererMain], {
        ...common,
        PORT: String(ports.usercontent),
        GATEWAY_URL: url('gateway'),
      });
    if (web)
      start('web', bin('vite'), ['preview', 'apps/web', '--outDir', webDist], {
        GATEWAY_URL: url('gateway'),
        WEB_PORT: String(ports.web),
        RENDERER_ORIGIN: rendererOrigin,
      });

    const checks: [Name, string][] = [
      ...[...SERVICES, 'gateway'].map((n) => [n as Name, `${url(n as Name)}/health/ready`] as [Name, string]),
      ...(web ? [['web', `${webOrigin}/`] as [Name, string]] : []),
      ...(hasRenderer ? [['usercontent', `${rendererOrigin}/health/ready`] as [Name, string]] : []),
    ];
    await Promise.all(checks.map(([name, health]) => ready(name, health)));
  } catch (err) {
    await stop({ keepSearchIndex: restart });
    throw err;
  }

  return {
    webUrl: webOrigin,
    gatewayUrl: url('gateway'),
    mailApiUrl: infra.mailApiUrl,
    logDir,
    runId: run_id,
    serviceUrl: url,
    async startInstance(name, key) {
      if (children.has(key)) throw new Error(`${key} is already an instance of this stack`);
      const port = await freePort();
      startService(name, key, port);
      await ready(key, `http://127.0.0.1:${port}/health/ready`);
      return `http://127.0.0.1:${port}`;
    },
    async kill(key, signal = 'SIGTERM') {
      const child = children.get(key);
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    },
    stop,
  };
}
