/**
 * The OpenSearch service of tools/infra for real: `infra up opensearch` builds (jars already in
 * .cache after the first run) and starts a private node on free ports with its own data folder
 * (INFRA_CONFIG / INFRA_LOCAL, as the crash tests run their private services), `down` stops it
 * cleanly, and a second `up` finds the data again. Then the two index cleanups against that node:
 * npm test's (tools/scripts/lib/test-indexes.mjs) and a stack's (support/search-indexes.ts).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  deleteIndexesStartingWith,
  freePort,
  uniqueSuffix,
  workspaceRoot,
} from '@core-vault/platform/testing';

const execFileAsync = promisify(execFile);
const INFRA = join(workspaceRoot, 'tools/infra/infra.mjs');
const dir = join(workspaceRoot, '.local', 'opensearch-check', uniqueSuffix(4));
let env: NodeJS.ProcessEnv;
let url: string;

interface Described {
  name: string;
  state: string;
  startedBy: string | null;
  action?: string;
  port: number;
  transportPort: number;
}

async function infra(...args: string[]): Promise<{ services: Described[] }> {
  const { stdout } = await execFileAsync(process.execPath, [INFRA, ...args, '--json'], {
    env,
    cwd: workspaceRoot,
    timeout: 240_000,
  });
  return JSON.parse(stdout) as { services: Described[] };
}

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, json: await res.json() };
}

const indexes = async () =>
  ((await call('GET', '/_cat/indices?format=json&h=index')).json as { index: string }[])
    .map((r) => r.index)
    .filter((n) => !n.startsWith('.'))
    .sort();

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  const shared = JSON.parse(readFileSync(join(workspaceRoot, 'config/local.json'), 'utf8')) as {
    infra: Record<string, unknown>;
  };
  const [port, transportPort] = [await freePort(), await freePort()];
  const configFile = join(dir, 'config.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      ...shared,
      infra: { ...shared.infra, opensearch: { host: '127.0.0.1', port, transportPort } },
    }),
  );
  // An OPENSEARCH_URL of the caller's would make the tool treat the engine as external.
  const { OPENSEARCH_URL: _external, ...inherited } = process.env;
  env = { ...inherited, INFRA_CONFIG: configFile, INFRA_LOCAL: dir };
  url = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await infra('down', 'opensearch').catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe('tools/infra opensearch on a fresh data folder', () => {
  it('starts with `up opensearch`, answers on its own ports, and keeps an index across down and up', async () => {
    const first = await infra('up', 'opensearch');
    expect(first.services).toEqual([
      expect.objectContaining({ name: 'opensearch', state: 'up', startedBy: 'infra', action: 'started' }),
    ]);
    expect(first.services[0]!.port).toBe(Number(new URL(url).port));
    const root = (await call('GET', '/')).json as { version: { number: string; distribution: string } };
    expect(root.version).toMatchObject({ distribution: 'opensearch', number: '2.19.1' });

    await call('PUT', '/keep-me/_doc/1?refresh=true', { title: 'survives a restart' });
    expect((await infra('down', 'os')).services).toEqual([
      expect.objectContaining({ name: 'opensearch', action: 'stopped' }),
    ]);
    await expect(fetch(url, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
    expect((await infra('status', 'search')).services[0]!.state).toBe('down');

    expect((await infra('up', 'search')).services[0]!.action).toBe('started');
    const hit = await call('GET', '/keep-me/_search?q=restart');
    expect(hit.json).toMatchObject({ hits: { total: { value: 1 } } });
    await call('DELETE', '/keep-me');
  }, 240_000);

  it("deletes only a run's new test-*/e2e-* indexes at the end of npm test, and a stack's own at its stop", async () => {
    for (const name of ['test-old', 'cv-artifacts-1']) await call('PUT', `/${name}`);
    const before = await indexes();
    for (const name of [
      'test-new',
      'e2e-aaaa-artifacts-1',
      'e2e-aaaa-artifacts-2',
      'e2e-bbbb-artifacts-1',
      'mine',
    ])
      await call('PUT', `/${name}`);

    // A stack stops: its own indexes go, another run's stay.
    const gone = await deleteIndexesStartingWith(url, 'e2e-aaaa-artifacts');
    expect(gone.sort()).toEqual(['e2e-aaaa-artifacts-1', 'e2e-aaaa-artifacts-2']);

    // npm test ends: what it created with a test prefix goes; what existed before and the user's stay.
    const lib = join(workspaceRoot, 'tools/scripts/lib/test-indexes.mjs');
    const { stdout } = await execFileAsync(process.execPath, [
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(lib)});
       process.stdout.write(JSON.stringify(await m.deleteNewTestIndexes(${JSON.stringify(url)}, ${JSON.stringify(before)})));`,
    ]);
    expect((JSON.parse(stdout) as string[]).sort()).toEqual(['e2e-bbbb-artifacts-1', 'test-new']);
    expect(await indexes()).toEqual(['cv-artifacts-1', 'mine', 'test-old']);
  }, 60_000);
});
