/**
 * docs/reference/api.md cannot rot (issue #19, "the public API as a product"): against a real stack, a trial
 * user makes a personal access token with their session, then every ```sh block of the page runs
 * with the real curl binary, in the page's order, with CORE_VAULT_URL and CORE_VAULT_TOKEN set as
 * the page says (and ARTIFACT_ID from the create answer, as the page says). The artifact the page
 * creates must then be listed and readable. The typed client (@core-vault/api-client) is driven
 * against the same gateway: batches beyond 20, paging, errors with their codes, no answer at all,
 * and the documented per-key limit (120 a minute, then 429 with Retry-After).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CoreVaultApiError, CoreVaultClient } from '@core-vault/api-client';
import {
  ARTIFACT_LIMITS,
  artifactEnvelopeSchema,
  artifactListSchema,
  artifactRoute,
  PERSONAL_TOKEN_MESSAGES,
  createdPersonalTokenSchema,
} from '@core-vault/contracts';
import { freePort, workspaceRoot } from '@core-vault/platform/testing';
import { type Stack, startStack } from './support/stack';
import { type SeededUser, seedTrialUser } from './web/artifact-life/accounts';

const CURL_TIMEOUT_MS = 15_000;

let stack: Stack;
let user: SeededUser;
let token: string;

beforeAll(async () => {
  stack = await startStack({ web: false, env: { PASSWORD_SCRYPT_LOG_N: '14' } });
  user = await seedTrialUser(stack, 'api-docs');
  // As /account does it: with the browser session, the secret in this answer only.
  token = await makeKey('api-docs test');
}, 420_000);

afterAll(async () => {
  await stack?.stop();
});

/** A further key of the seeded user, as /account makes one. */
async function makeKey(name: string): Promise<string> {
  const made = await user.api('POST', '/api/v1/personal-tokens', {
    name,
    scopes: ['artifacts:read', 'artifacts:write'],
    expiresInDays: 1,
  });
  if (made.status !== 201) throw new Error(`personal token: ${made.status} ${made.text}`);
  return createdPersonalTokenSchema.parse(made.body).token;
}

/** The runnable examples: fenced ```sh blocks (other fences are output or setup, not run). */
function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');
}

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** One block through `sh -e`, as a reader would paste it, with only the page's variables added. */
function runBlock(block: string, env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      'sh',
      ['-e', '-c', block],
      { env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...env }, timeout: CURL_TIMEOUT_MS },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

it("runs docs/reference/api.md's curl examples: create, list, read", async () => {
  const blocks = shellBlocks(readFileSync(join(workspaceRoot, 'docs/reference/api.md'), 'utf8'));
  expect(blocks).toHaveLength(3);
  for (const block of blocks) expect(block).toMatch(/^curl /);

  const env: Record<string, string> = { CORE_VAULT_URL: stack.gatewayUrl, CORE_VAULT_TOKEN: token };
  const answers: unknown[] = [];
  for (const block of blocks) {
    const ran = await runBlock(block, env);
    if (ran.code !== 0) throw new Error(`exit ${String(ran.code)}\n${block}\n${ran.stdout}\n${ran.stderr}`);
    const answer: unknown = JSON.parse(ran.stdout);
    answers.push(answer);
    // The page says: put the created artifact's id in ARTIFACT_ID.
    const created = artifactEnvelopeSchema.safeParse(answer);
    if (created.success && env['ARTIFACT_ID'] === undefined) env['ARTIFACT_ID'] = created.data.artifact.id;
  }

  const [create, list, read] = answers;
  const created = artifactEnvelopeSchema.parse(create).artifact;
  expect(created).toMatchObject({ title: 'Hello from curl', type: 'MARKDOWN', tags: ['cli', 'example'] });
  expect(created.content).toBe('# Hello\n\nSaved from the command line with a personal access token.');
  const page = artifactListSchema.parse(list);
  expect(page).toMatchObject({ page: 1, limit: 5 });
  expect(page.artifacts.map((a) => a.id)).toContain(created.id);
  // The owner's view (owner and counters included), since the key is the owner's.
  expect(artifactEnvelopeSchema.parse(read).artifact).toMatchObject({
    id: created.id,
    owner: created.owner,
    content: created.content,
  });
});

it('curl with a wrong token gets the documented error body and a non-zero exit', async () => {
  const [, list] = shellBlocks(readFileSync(join(workspaceRoot, 'docs/reference/api.md'), 'utf8'));
  const ran = await runBlock(list ?? '', {
    CORE_VAULT_URL: stack.gatewayUrl,
    CORE_VAULT_TOKEN: `cvpat_${'x'.repeat(43)}`,
  });
  expect(ran.code).not.toBe(0);
  expect(JSON.parse(ran.stdout)).toEqual({
    statusCode: 401,
    code: 'INVALID_TOKEN',
    message: PERSONAL_TOKEN_MESSAGES.invalid,
  });
});

it('the typed client works against the gateway: me, batches beyond 20, paging, read, any route', async () => {
  const vault = new CoreVaultClient({ baseUrl: `${stack.gatewayUrl}/`, token });
  expect((await vault.me()).email).toBe(user.email);

  const total = ARTIFACT_LIMITS.batchMax + 5;
  const drafts = Array.from({ length: total }, (_, i) => ({
    title: `client ${String(i).padStart(2, '0')}`,
    type: 'AUTO' as const,
    content: `<svg xmlns="http://www.w3.org/2000/svg"><text>${i}</text></svg>`,
  }));
  const progress: number[] = [];
  const created = await vault.createArtifacts(drafts, ({ done }) => progress.push(done));
  expect(progress).toEqual([ARTIFACT_LIMITS.batchMax, total]);
  expect(created.map((a) => a.title)).toEqual(drafts.map((d) => d.title));
  expect(new Set(created.map((a) => a.type))).toEqual(new Set(['SVG']));

  // Paging as documented: page + 1 while hasMore, until every artifact was seen once.
  const seen: string[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await vault.listArtifacts({ sort: 'oldest', page, limit: 10 });
    seen.push(...answer.artifacts.map((a) => a.id));
    if (!answer.hasMore) {
      expect(answer.total).toBe(seen.length);
      break;
    }
  }
  expect(seen).toEqual(expect.arrayContaining(created.map((a) => a.id)));
  expect(new Set(seen).size).toBe(seen.length);

  const first = created[0];
  if (!first) throw new Error('nothing created');
  await expect(vault.getArtifact(first.id)).resolves.toMatchObject({ id: first.id, content: first.content });
  const links = await vault.call(artifactRoute.share, {
    params: { id: first.id },
    body: { channel: 'link' },
  });
  expect(links.artifactId).toBe(first.id);
});

it("the typed client's errors: the gateway's code, a refused key, no answer at all", async () => {
  const vault = new CoreVaultClient({ baseUrl: stack.gatewayUrl, token });
  await expect(vault.getArtifact('does-not-exist')).rejects.toMatchObject({
    status: 404,
    code: 'ARTIFACT_NOT_FOUND',
  });
  await expect(vault.createArtifact({ title: 'x', type: 'AUTO', content: '' })).rejects.toMatchObject({
    status: 400,
  });

  const stranger = new CoreVaultClient({ baseUrl: stack.gatewayUrl, token: `cvpat_${'y'.repeat(43)}` });
  const refused = await stranger.listArtifacts().catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(CoreVaultApiError);
  expect(refused).toMatchObject({ status: 401, code: 'INVALID_TOKEN' });

  const anonymous = new CoreVaultClient({ baseUrl: stack.gatewayUrl, token: '' });
  await expect(anonymous.me()).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });

  const offline = new CoreVaultClient({ baseUrl: `http://127.0.0.1:${await freePort()}`, token });
  await expect(offline.me()).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
});

it('the documented per-key limit: 120 calls a minute, then 429 with Retry-After in the client', async () => {
  const busy = new CoreVaultClient({ baseUrl: stack.gatewayUrl, token: await makeKey('busy') });
  // 120 calls, 20 at a time (well inside the minute): each is counted, none is refused.
  for (let sent = 0; sent < 120; sent += 20) {
    const answers = await Promise.all(Array.from({ length: 20 }, () => busy.me()));
    expect(answers.every((me) => me.email === user.email)).toBe(true);
  }

  const refused = await busy.me().catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(CoreVaultApiError);
  expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  const wait = refused instanceof CoreVaultApiError ? refused.retryAfterSeconds : undefined;
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(60);
  // Counted per key: the other key goes on.
  await expect(new CoreVaultClient({ baseUrl: stack.gatewayUrl, token }).me()).resolves.toMatchObject({
    email: user.email,
  });
});
