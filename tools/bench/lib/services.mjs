// What the benchmarks share: free loopback ports, services started from dist, readiness, a signed
// access token for a bench user, and stopping what they started. Node built-ins only.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);

export const log = (msg) => process.stderr.write(`[bench] ${msg}\n`);

export async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/** Starts apps/{app}/dist/main.js on `port`; the children list lets the caller stop them all. */
export function startService(children, app, port, env, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, join(root, `apps/${app}/dist/main.js`)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

export async function waitReady(url, name, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited early (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} not ready in ${timeoutMs / 1000} s`);
}

export function stopAll(children) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}

/** The local config's defaults and a signed access token for a bench user (local dev key). */
export async function benchAuth(user) {
  const platform = require(join(root, 'libs/platform/dist/index.js'));
  const keys = platform.localDevKeys();
  const signer = new platform.AccessTokenSigner(keys.privateKey);
  const token = await signer.sign(
    { sub: user, email: `${user}@x.test`, sid: user, adm: false, act: true, plan: 'Pro', sts: 'TRIAL' },
    Date.now(),
    3600,
  );
  return { defaults: platform.localDefaults('bench'), token };
}

export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

export const round1 = (n) => Math.round(n * 10) / 10;
