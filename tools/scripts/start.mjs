#!/usr/bin/env node
// `npm start`: install what is missing, bring the infrastructure up, build and start every
// service and the SPA, wait until all are ready, print the URLs. Ctrl+C stops what it started.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureProjectNode } from './lib/node-runtime.mjs';
import { bin, ensureDependencies, loadInfra, root, run } from './lib/workspace.mjs';
await ensureProjectNode(); // first of all: outside engines, this runs the script again on the project's Node

const SERVICES = [
  'identity',
  'billing',
  'artifacts',
  'analytics',
  'onboarding',
  'gateway',
  'usercontent',
  // Pictures of every artifact version, in headless Chromium (docs/thumbnails.md).
  'thumbnailer',
];
// INFRA_CONFIG: the same override tools/infra and the apps honour (a second stack on other ports).
const config = JSON.parse(readFileSync(process.env.INFRA_CONFIG ?? join(root, 'config/local.json'), 'utf8'));
const port = (app) => config.apps[app].port;
const logDir = join(root, '.local/logs');
const children = new Map();
let infraStarted = [];
let stopping = false;

function startProcess(name, command, args, env = {}) {
  const log = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`\n${name} exited (${code ?? signal}); see .local/logs/${name}.log`);
      void stop(1);
    }
  });
  children.set(name, child);
}

async function waitReady(name, url, deadline) {
  while (Date.now() < deadline) {
    if (!children.has(name)) throw new Error(`${name} exited before it was ready (.local/logs/${name}.log)`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} not ready at ${url} within 60 s (.local/logs/${name}.log)`);
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping...');
  const exits = [...children.values()].map((c) => new Promise((r) => (c.once('exit', r), c.kill('SIGTERM'))));
  await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 15_000))]);
  for (const c of children.values()) c.kill('SIGKILL');
  if (infraStarted.length) {
    const infra = await loadInfra();
    await infra.down({ only: infraStarted });
    console.log(`stopped infrastructure: ${infraStarted.join(', ')}`);
  }
  process.exit(code);
}

async function main() {
  const t0 = Date.now();
  ensureDependencies();
  mkdirSync(logDir, { recursive: true });
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  const infra = await loadInfra();
  const up = await infra.up({ log: (l) => console.log(`infra: ${l}`) });
  infraStarted = up.services.filter((s) => s.action === 'started').map((s) => s.name);
  console.log(`infrastructure up in ${(up.ms / 1000).toFixed(1)}s`);

  const built = await Promise.all([
    run(bin('tsc'), ['-b', 'tsconfig.build.json']),
    run(bin('vite'), ['build', 'apps/web', '--logLevel', 'warn']),
    // The renderer's browser assets and library bundles (cached until the lockfile changes).
    run(process.execPath, ['apps/usercontent/scripts/build-assets.mjs']),
  ]);
  if (built.some((c) => c !== 0)) throw new Error('build failed');

  // The artifacts' search read model: the engine `infra up` answered for (OPENSEARCH_URL wins, as
  // there), and the alias of the user's own index.
  const opensearch = up.services.find((s) => s.name === 'opensearch');
  const searchEnv = {
    OPENSEARCH_URL: process.env.OPENSEARCH_URL || opensearch.url,
    SEARCH_INDEX: process.env.SEARCH_INDEX || 'cv-artifacts',
  };
  for (const name of SERVICES)
    startProcess(
      name,
      process.execPath,
      [join(root, `apps/${name}/dist/main.js`)],
      name === 'artifacts' ? searchEnv : {},
    );
  startProcess('web', bin('vite'), ['preview', 'apps/web']);

  const deadline = Date.now() + 60_000;
  await Promise.all([
    ...SERVICES.map((name) => waitReady(name, `http://127.0.0.1:${port(name)}/health/ready`, deadline)),
    waitReady('web', `http://127.0.0.1:${port('web')}/`, deadline),
  ]);
  const mail = config.infra.mailApi;
  console.log(`
Core Vault is ready in ${((Date.now() - t0) / 1000).toFixed(1)}s
  App (SPA)     http://127.0.0.1:${port('web')}
  Gateway       http://127.0.0.1:${port('gateway')}   (readiness: /health/ready)
  API docs      http://127.0.0.1:${port('gateway')}/api-docs
  Renderer      ${config.apps.usercontent.origin ?? `http://localhost:${port('usercontent')}`}   (artifact content, separate origin; embeds at /embed/{id})
  Mail inbox    http://${mail.host}:${mail.port}
  Search        ${opensearch.url}   (OpenSearch; index alias ${searchEnv.SEARCH_INDEX})
Logs in .local/logs/. Press Ctrl+C to stop everything this command started.`);
}

main().catch((err) => {
  console.error(`npm start failed: ${err.message}`);
  void stop(1);
});
