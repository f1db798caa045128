import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const workspaceRoot = join(__dirname, '../../../..');

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

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** True when GET url answers 2xx; false while nothing listens yet. */
export async function answersOk(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}
