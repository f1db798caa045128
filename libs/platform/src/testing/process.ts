import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { localDefaults } from '../config/local-config';
import { deleteIsolatedIndexes, isolatedEnv, startServiceGroupsAtEnd } from './service-groups';

export const workspaceRoot = join(__dirname, '../../../..');

/**
 * How long a test waits for a service it started to answer ready: a hang guard, not a target (a
 * service that exits fails at once). A boot costs 1.8–2.3 s of CPU from dist and 2.4–3.6 s from
 * TypeScript; with both test lanes booting stacks beside Chromium on a slowed two-core host,
 * a CI run's artifacts service was not ready after 120 s and a fresh-machine run's analytics
 * not after 90 s (load average 10–12, every stage 2–3× slower than on a quiet host).
 */
export const SERVICE_BOOT_TIMEOUT_MS = 240_000;

export interface SpawnedProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
}

/** Runs a TypeScript entry point (a service's main.ts, a fixture) in its own Node process. */
export function spawnTs(file: string, env: Record<string, string>, inheritEnv = true): SpawnedProcess {
  let out = '';
  let err = '';
  const child = spawn(process.execPath, ['-r', '@swc-node/register', file], {
    cwd: workspaceRoot,
    env: {
      ...(inheritEnv ? process.env : { PATH: process.env['PATH'] ?? '' }),
      SWC_NODE_PROJECT: join(workspaceRoot, 'tsconfig.base.json'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (err += b.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, stdout: () => out, stderr: () => err, exited };
}

/**
 * SIGTERM to each process still running, up to `graceMs` for all to exit, then SIGKILL for the
 * rest. SIGTERM first: a service leaves its consumer groups on the way out, and a killed member
 * would hold up the next join of any group it was in for its session timeout.
 */
export async function stopProcesses(procs: readonly SpawnedProcess[], graceMs = 15_000): Promise<void> {
  const alive = procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
  for (const p of alive) p.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(alive.map((p) => p.exited)),
    new Promise((r) => (timer = setTimeout(r, graceMs))),
  ]);
  clearTimeout(timer);
  for (const p of alive)
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
}

export async function freePort(): Promise<number> {
  return (await freePorts(['port'])).port;
}

/**
 * A distinct free port for each name, all held until each is known: for processes started side by
 * side that must know each other's address (one at a time, the OS may hand a port out twice).
 */
export async function freePorts<K extends string>(names: readonly K[]): Promise<Record<K, number>> {
  const servers = names.map(() => createServer().listen(0, '127.0.0.1'));
  await Promise.all(servers.map((s) => once(s, 'listening')));
  const ports = Object.fromEntries(
    names.map((name, i) => [name, (servers[i]!.address() as { port: number }).port]),
  ) as Record<K, number>;
  for (const s of servers) s.close();
  return ports;
}

/** True when GET url answers 2xx; false while nothing listens yet. */
export async function answersOk(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/**
 * A group of real services, each started from its TypeScript entry point on a free port against
 * the real infrastructure, for integration tests that go through the gateway.
 */
export class ServiceStack {
  private readonly procs: SpawnedProcess[] = [];
  /**
   * Names this stack's consumer groups and namespaces (service-groups.ts); instances of one app
   * share them.
   */
  private readonly groups = `stack-${randomBytes(5).toString('hex')}`;
  private readonly grouped = new Set<string>();

  /**
   * Starts `apps/<app>/src/main.ts` with NODE_ENV=test, consumer groups (started at the topics'
   * end) and namespaces of this stack's own (`env` may name others), and waits until it is ready;
   * its URL.
   */
  async boot(app: string, env: Record<string, string>, readyPath = '/health/ready'): Promise<string> {
    const port = await freePort();
    if (!this.grouped.has(app)) {
      const brokers =
        env['KAFKA_BROKERS'] ?? process.env['KAFKA_BROKERS'] ?? localDefaults('test')['KAFKA_BROKERS'];
      await startServiceGroupsAtEnd((brokers ?? '').split(','), this.groups, [app]);
      this.grouped.add(app);
    }
    const proc = spawnTs(join(workspaceRoot, `apps/${app}/src/main.ts`), {
      NODE_ENV: 'test',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...isolatedEnv(this.groups, app),
      ...env,
    });
    this.procs.push(proc);
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + SERVICE_BOOT_TIMEOUT_MS;
    while (!(await answersOk(`${url}${readyPath}`))) {
      if (proc.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(
          `${app} did not become ready (stderr: ${proc.stderr().slice(-500)}; stdout: ${proc.stdout().slice(-500)})`,
        );
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    return url;
  }

  /** Stops every service (stopProcesses), then deletes the stack's search indexes. */
  async stop(): Promise<void> {
    await stopProcesses(this.procs);
    const opensearch = process.env['OPENSEARCH_URL'] ?? localDefaults('test')['OPENSEARCH_URL'];
    if (this.grouped.has('artifacts') && opensearch) await deleteIsolatedIndexes(opensearch, this.groups);
  }
}
