import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import {
  type SpawnedProcess,
  answersOk,
  freePort,
  spawnTs,
  stopProcesses,
  Teardown,
  waitFor,
  workspaceRoot,
} from '@core-vault/platform/testing';
import { spaFor } from '../support/spa-build';
import { StubGateway } from './stub-gateway';

export interface RendererStack {
  appOrigin: string;
  rendererOrigin: string;
  gateway: StubGateway;
  gatewayUrl: string;
  /** Another site (http://127.0.0.2:{port}): `${thirdPartyOrigin}/?html=...` serves that HTML. */
  thirdPartyOrigin: string;
  /** Every request that reached that other site (`METHOD path?query`), oldest first. */
  thirdPartyRequests: string[];
  browser: Browser;
  stop: () => Promise<void>;
}

/** The viewer's build entry (apps/web/src/modules/viewer/testing): the real components and config. */
const SPA_ROOT = 'apps/web/src/modules/viewer/testing';
const VITE = join(workspaceRoot, 'node_modules/.bin/vite');

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(command, args, {
      cwd: workspaceRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${args.join(' ')} failed (${code}):\n${output.slice(-2000)}`)),
    );
  });
}

function spawnPlain(command: string, args: string[], env: Record<string, string>): SpawnedProcess {
  let out = '';
  let err = '';
  const child = spawn(command, args, {
    cwd: workspaceRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((r) =>
    child.on('exit', (c, s) => r([c, s])),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

/**
 * Chromium resolving no host but this machine's (nothing can leave it), artifact origins
 * (`{label}.localhost`) included.
 */
export const LOOPBACK_ONLY =
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost, EXCLUDE 127.0.0.1';

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Starts what the renderer tests need on free ports and returns how to reach it: the stub
 * gateway, usercontent (from source, its browser assets built first), the viewer SPA built with
 * the renderer origin baked in and served by `vite preview` (the app's headers), and Chromium.
 * The app is http://127.0.0.1:{port} and the renderer http://localhost:{port}: different hosts.
 */
export async function startRendererStack(
  options: { gatewayUrl?: string; webPort?: number } = {},
): Promise<RendererStack> {
  const [gatewayPort, rendererPort] = [await freePort(), await freePort()];
  const webPort = options.webPort ?? (await freePort());
  const appOrigin = `http://127.0.0.1:${webPort}`;
  const rendererOrigin = `http://localhost:${rendererPort}`;
  // The stub stands in for the gateway unless a real one is given.
  const gateway = new StubGateway();
  const teardown = new Teardown();
  const stubUrl = await gateway.start(gatewayPort);
  teardown.add(() => gateway.stop());
  const gatewayUrl = options.gatewayUrl ?? stubUrl;
  const outDir = mkdtempSync(join(tmpdir(), 'cv-viewer-'));
  teardown.add(() => rmSync(outDir, { recursive: true, force: true }));
  // A real local server: Chromium refuses frames from "public" (intercepted) pages to local hosts.
  const thirdPartyRequests: string[] = [];
  const thirdParty = createServer((req, res) => {
    thirdPartyRequests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(new URL(req.url ?? '/', 'http://x').searchParams.get('html') ?? '');
  }).listen(0, '127.0.0.2');
  teardown.add(() => {
    thirdParty.closeAllConnections();
    thirdParty.close();
  });
  await once(thirdParty, 'listening');
  return teardown.guard(async () => {
    const thirdPartyOrigin = `http://127.0.0.2:${(thirdParty.address() as { port: number }).port}`;

    // The viewer page: one shared build per state of the SPA's sources, this stack's renderer
    // origin written into a copy (../support/spa-build.ts), while the renderer's assets build.
    await Promise.all([
      run(process.execPath, ['apps/usercontent/scripts/build-assets.mjs'], {}),
      Promise.resolve().then(() => spaFor(rendererOrigin, outDir, VITE, SPA_ROOT)),
    ]);
    gateway.serveSpaIndex(join(outDir, 'index.html'));

    const usercontent = spawnTs(join(workspaceRoot, 'apps/usercontent/src/main.ts'), {
      NODE_ENV: 'test',
      PORT: String(rendererPort),
      HOST: '127.0.0.1',
      RENDERER_ORIGIN: rendererOrigin,
      WEB_ORIGIN: appOrigin,
      GATEWAY_URL: gatewayUrl,
      LOG_LEVEL: 'warn',
    });
    teardown.add(() => stopProcesses([usercontent], 5_000));
    const preview = spawnPlain(
      VITE,
      [
        'preview',
        SPA_ROOT,
        '--config',
        'apps/web/vite.config.ts',
        '--outDir',
        outDir,
        '--port',
        String(webPort),
        '--strictPort',
      ],
      { RENDERER_ORIGIN: rendererOrigin, GATEWAY_URL: gatewayUrl },
    );
    teardown.add(() => stopProcesses([preview], 5_000));
    await waitFor(() => answersOk(`http://127.0.0.1:${rendererPort}/health/ready`), Boolean, {
      what: () => `usercontent ready (${usercontent.stderr().slice(-500)})`,
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    await waitFor(() => answersOk(`${appOrigin}/view/x`), Boolean, {
      what: () => `vite preview ready (${preview.stderr().slice(-500)})`,
      timeoutMs: 30_000,
      intervalMs: 100,
    });

    const browser = await chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    teardown.add(() => browser.close().catch(() => undefined));
    const stop = () => teardown.run();
    return {
      appOrigin,
      rendererOrigin,
      gateway,
      gatewayUrl,
      thirdPartyOrigin,
      thirdPartyRequests,
      browser,
      stop,
    };
  });
}
