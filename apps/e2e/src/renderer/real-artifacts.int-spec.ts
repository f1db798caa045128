/**
 * The renderer against the real artifacts service and gateway (from their entry points, on real
 * Mongo/Kafka/Redis): artifacts created through the gateway with a token minted from the dev
 * keys, then shown by the view page (anonymous and owner) and as embeds, from the stored
 * sanitized form. The larger suites (renderer.int-spec.ts) use a stub gateway for speed and for
 * unsanitized worst-case fixtures.
 */
import { join } from 'node:path';
import { type Page } from 'playwright-core';
import {
  type SpawnedProcess,
  answersOk,
  deleteIsolatedIndexes,
  devTokenFor,
  freePort,
  isolatedEnv,
  SERVICE_BOOT_TIMEOUT_MS,
  spawnTs,
  startServiceGroupsAtEnd,
  stopProcesses,
  testInfra,
  uniqueSuffix,
  waitFor,
  workspaceRoot,
} from '@core-vault/platform/testing';
import { artifactFrame, collectErrors, openView } from './browser-helpers';
import { type RendererStack, startRendererStack } from './stack';

const infra = testInfra();
const suffix = uniqueSuffix();
// Consumer groups and namespaces of this suite's own (platform's testing/service-groups.ts).
const groups = `render-${suffix}`;
const procs: SpawnedProcess[] = [];
let stack: RendererStack;
let gatewayUrl = '';
let webOrigin = '';
const ids: Record<string, string> = {};

const ownerId = `render-owner-${suffix}`;
const token = devTokenFor(ownerId);

async function boot(app: string, env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const proc = spawnTs(join(workspaceRoot, `apps/${app}/src/main.ts`), {
    NODE_ENV: 'test',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    REDIS_URL: infra.redisUrl,
    WEB_ORIGIN: webOrigin,
    ...env,
  });
  procs.push(proc);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(() => answersOk(`${url}/health/ready`), Boolean, {
    what: () => `${app} ready (stderr: ${proc.stderr().slice(-500)})`,
    timeoutMs: SERVICE_BOOT_TIMEOUT_MS,
    intervalMs: 200,
  });
  return url;
}

async function create(body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${gatewayUrl}/api/v1/artifacts`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      origin: webOrigin,
      'sec-fetch-site': 'same-origin',
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { artifact?: { id: string }; message?: string };
  if (res.status !== 201 || !json.artifact) throw new Error(`create failed ${res.status}: ${json.message}`);
  return json.artifact.id;
}

beforeAll(async () => {
  await startServiceGroupsAtEnd(infra.kafkaBrokers, groups, ['artifacts']);
  const webPort = await freePort();
  webOrigin = `http://127.0.0.1:${webPort}`;
  const artifacts = await boot('artifacts', {
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: `cv_test_render_${suffix}`,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    ...isolatedEnv(groups, 'artifacts'),
  });
  gatewayUrl = await boot('gateway', {
    ARTIFACTS_URL: artifacts,
    RATE_LIMIT_NAMESPACE: `rl:render:${suffix}`,
  });
  ids['html'] = await create({
    title: 'Real HTML',
    type: 'HTML',
    isPublic: true,
    content:
      '<!doctype html><html><body><h1 onclick="this.textContent = \'Clicked\'">Real page</h1><iframe src="https://evil.test/"></iframe><p id="p">Stored and sanitized.</p><script>document.getElementById("p").textContent = "script ran";</script></body></html>',
  });
  ids['md'] = await create({
    title: 'Real notes',
    type: 'MARKDOWN',
    isPublic: true,
    content: '# Real notes\n\n```ts\nconst n: number = 1;\n```\n<img src=x onerror="steal()">',
  });
  ids['svg'] = await create({
    title: 'Real SVG',
    type: 'SVG',
    isPublic: true,
    content:
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><script>steal()</script><text x="4" y="24">Real SVG</text></svg>',
  });
  ids['react'] = await create({
    title: 'Real React',
    type: 'REACT',
    isPublic: true,
    content:
      "import { useState } from 'react';\nexport default function App() { const [n, setN] = useState(0); return <button onClick={() => setN(n + 1)}>Real count {n}</button>; }",
  });
  ids['private'] = await create({
    title: 'Real private',
    type: 'HTML',
    isPublic: false,
    content: '<p>Owner eyes only</p>',
  });
  stack = await startRendererStack({ gatewayUrl, webPort });
}, 2 * SERVICE_BOOT_TIMEOUT_MS); // two boots one after the other (a hang guard each)

afterAll(async () => {
  await stack?.stop();
  await stopProcesses(procs);
  await deleteIsolatedIndexes(infra.opensearchUrl, groups);
}, 30_000);

async function newPage(): Promise<Page> {
  const context = await stack.browser.newContext();
  return context.newPage();
}

describe('real artifacts through the real gateway', () => {
  it('an anonymous visitor sees the stored HTML: scripts and handlers work, frames are gone', async () => {
    const page = await newPage();
    const errors = collectErrors(page);
    const frame = await openView(stack, page, ids['html']!);
    await frame.getByText('script ran').waitFor();
    await frame.getByRole('heading', { name: 'Real page' }).click();
    await frame.getByRole('heading', { name: 'Clicked' }).waitFor();
    expect(await frame.locator('iframe').count()).toBe(0);
    expect(await page.locator('[data-layout="public"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Markdown arrives sanitized and is highlighted; SVG without its script', async () => {
    const page = await newPage();
    const md = await openView(stack, page, ids['md']!);
    await md.getByRole('heading', { name: 'Real notes' }).waitFor();
    expect(await md.locator('.hljs-keyword').count()).toBeGreaterThan(0);
    expect(await md.locator('[onerror]').count()).toBe(0);
    const svg = await openView(stack, page, ids['svg']!);
    await svg.getByText('Real SVG').waitFor();
    expect(await svg.locator('svg script').count()).toBe(0);
    await page.context().close();
  });

  it('a React artifact runs in the sandbox', async () => {
    const page = await newPage();
    const frame = await openView(stack, page, ids['react']!);
    await frame.getByRole('button', { name: 'Real count 0' }).click();
    await frame.getByRole('button', { name: 'Real count 1' }).waitFor();
    await page.context().close();
  });

  it('a private artifact is private to visitors and shown to its owner with the owner layout', async () => {
    const page = await newPage();
    await page.goto(`${stack.appOrigin}/view/${ids['private']}`);
    await page.getByRole('heading', { name: 'This artifact is private' }).waitFor();
    // The session rides in the fragment: a new document, or the page would only scroll.
    await page.goto('about:blank');
    const frame = await openView(stack, page, ids['private']!, `#session=${ownerId}&token=${token}`);
    await frame.getByText('Owner eyes only').waitFor();
    await page.getByRole('button', { name: 'Share' }).waitFor();
    await page.getByText(/\d+ views?/).waitFor();
    await page.context().close();
  });

  it('embeds fetch public artifacts server-side; private ones are refused', async () => {
    const page = await newPage();
    await page.goto(`${stack.rendererOrigin}/embed/${ids['md']}?theme=dark`);
    await page.getByRole('heading', { name: 'Real notes' }).waitFor();
    expect(await page.locator('.hljs-keyword').count()).toBeGreaterThan(0);
    const res = await page.goto(`${stack.rendererOrigin}/embed/${ids['private']}`);
    expect(res?.status()).toBe(403);
    await page.getByRole('heading', { name: 'This artifact is private' }).waitFor();
    const oembed = await fetch(
      `${stack.rendererOrigin.replace('localhost', '127.0.0.1')}/oembed?url=${encodeURIComponent(`${stack.appOrigin}/view/${ids['svg']}`)}`,
    );
    expect(await oembed.json()).toMatchObject({ type: 'rich', title: 'Real SVG' });
    await page.context().close();
  });

  it('the view page is the artifact page users share', async () => {
    const page = await newPage();
    await openView(stack, page, ids['svg']!);
    expect(await artifactFrame(page).getByText('Real SVG').count()).toBe(1);
    await page.context().close();
  });
});
