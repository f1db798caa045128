/**
 * The vault for AI assistants (issue #35, docs/guides/mcp.md and docs/guides/cli.md), against one real stack:
 *
 * - MCP over Streamable HTTP (`/mcp` on the gateway): the SDK's own Client and
 *   StreamableHTTPClientTransport with a personal access token as bearer — save, read, update (a
 *   new version with its note), versions, search, share link, resources; a read-only key refused
 *   on save; a bad or missing key answered 401 with WWW-Authenticate: Bearer; invalid input
 *   answered as a tool error with the vault's code — and the MCP Inspector's CLI mode listing the
 *   tools, as a person would check a server.
 * - The `corevault` command line, built as it is published (apps/cli/dist/corevault.cjs) and run
 *   as a child process: login with a key on stdin, push a file and stdin, list, pull round-trips,
 *   a new version and its history, search, open, --json shapes, exit codes of a refused key and a
 *   mistake; and its stdio MCP server through the SDK's StdioClientTransport.
 * - `corevault login`'s device flow (RFC 8628): the CLI shows a code, the signed-in user approves it
 *   through the API the /device page calls, the CLI saves the new key and lists with it; denial,
 *   expiry, slow_down and the one-time exchange.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  DEVICE_CLIENTS,
  DEVICE_GRANT_TYPE,
  DEVICE_MESSAGES,
  PERSONAL_TOKEN_MESSAGES,
  createdPersonalTokenSchema,
} from '@core-vault/contracts';
import { waitFor, workspaceRoot } from '@core-vault/platform/testing';
import { runDeviceLogin } from './support/cli-login';
import { type Stack, startStack } from './support/stack';
import { call, type SeededUser, seedTrialUser } from './web/artifact-life/accounts';

let stack: Stack;
let user: SeededUser;
let readWrite: string;
let readOnly: string;
const clients: Client[] = [];

beforeAll(async () => {
  stack = await startStack({
    web: false,
    // Device sign-ins (corevault login): a 1 s poll interval and a 20 s lifetime, so the approval,
    // denial and expiry paths each take seconds (production: 5 s and 10 minutes).
    env: { PASSWORD_SCRYPT_LOG_N: '14', DEVICE_CODE_TTL_SECONDS: '20', DEVICE_CODE_INTERVAL_SECONDS: '1' },
  });
  user = await seedTrialUser(stack, 'mcp');
  [readWrite, readOnly] = await Promise.all([
    makeKey('mcp read-write', ['artifacts:read', 'artifacts:write']),
    makeKey('mcp read-only', ['artifacts:read']),
  ]);
}, 420_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await stack?.stop();
});

async function makeKey(name: string, scopes: string[]): Promise<string> {
  const made = await user.api('POST', '/api/v1/personal-tokens', { name, scopes, expiresInDays: 1 });
  if (made.status !== 201) throw new Error(`personal token: ${made.status} ${made.text}`);
  return createdPersonalTokenSchema.parse(made.body).token;
}

const mcpUrl = () => new URL('/mcp', stack.gatewayUrl);

/** An MCP client connected to the gateway's /mcp with `token` as its bearer header. */
async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'core-vault-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(mcpUrl(), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

interface Tool<T> {
  result: CallToolResult;
  body: T;
}
async function tool<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<Tool<T>> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { result, body: result.structuredContent as T };
}

interface Saved {
  artifact: {
    id: string;
    title: string;
    type: string;
    version: number;
    latestVersion: number;
    tags: string[];
  };
  url: string;
}

describe('MCP over Streamable HTTP', () => {
  it('saves, reads, updates with a note, lists versions, searches, shares and lists resources', async () => {
    const vault = await connect(readWrite);
    const words = `quokka-${Date.now().toString(36)}`;
    const markdown = `# Field notes\n\nThe ${words} smiles at the camera; a long enough text to be detected as Markdown.`;

    const saved = await tool<Saved>(vault, 'save_artifact', {
      title: 'Field notes',
      content: markdown,
      tags: ['mcp', 'notes'],
      description: 'Saved by an MCP client',
    });
    expect(saved.result.isError).toBeUndefined();
    const id = saved.body.artifact.id;
    expect(saved.body.artifact).toMatchObject({
      title: 'Field notes',
      type: 'MARKDOWN',
      version: 1,
      tags: ['mcp', 'notes'],
    });
    expect(saved.body.url).toMatch(new RegExp(`/view/${id}$`));

    // The REST API sees what MCP saved, through the same key.
    const rest = await call(stack, 'GET', `/api/v1/artifacts/${id}`, undefined, readWrite);
    expect(rest.status).toBe(200);
    expect(rest.body['artifact']).toMatchObject({ id, content: markdown, isPublic: false });

    const read = await tool<{ artifact: { content: string; isPublic: boolean } }>(vault, 'get_artifact', {
      id,
    });
    expect(read.body.artifact).toMatchObject({ content: markdown, isPublic: false });

    const changed = `${markdown}\n\n## Update\n\nSeen again at dawn.`;
    const updated = await tool<Saved>(vault, 'update_artifact', { id, content: changed, note: 'seen again' });
    expect(updated.body.artifact).toMatchObject({ id, version: 2, latestVersion: 2 });

    const versions = await tool<{
      versions: Array<{ version: number; note: string | null; current: boolean }>;
    }>(vault, 'list_versions', { id });
    expect(versions.body.versions.map((v) => [v.version, v.note, v.current])).toEqual([
      [2, 'seen again', true],
      [1, null, false],
    ]);
    const first = await tool<{ artifact: { content: string; version: number } }>(vault, 'get_artifact', {
      id,
      version: 1,
    });
    expect(first.body.artifact).toMatchObject({ content: markdown, version: 1 });

    // Search reads an index fed by the artifacts' events: it finds the artifact once indexed.
    const found = await waitFor(
      async () =>
        (
          await tool<{ artifacts: Array<{ id: string; matches: unknown[] }> }>(vault, 'search_artifacts', {
            query: words,
          })
        ).body.artifacts,
      (hits) => hits.some((a) => a.id === id),
      { timeoutMs: 20_000, intervalMs: 300, what: 'the artifact in search' },
    );
    expect(found.find((a) => a.id === id)?.matches.length).toBeGreaterThan(0);

    const listed = await tool<{ artifacts: Array<{ id: string }> }>(vault, 'list_artifacts', { limit: 5 });
    expect(listed.body.artifacts.map((a) => a.id)).toContain(id);

    // Private stays private unless asked.
    const kept = await tool<{ shared: boolean; isPublic: boolean }>(vault, 'share_link', { id });
    expect(kept.body).toMatchObject({ shared: false, isPublic: false });
    expect((await call(stack, 'GET', `/api/v1/artifacts/${id}`)).status).toBe(403);
    const shared = await tool<{ url: string; embedCode: string; madePublic: boolean }>(vault, 'share_link', {
      id,
      make_public: true,
    });
    expect(shared.body.madePublic).toBe(true);
    expect(shared.body.url).toMatch(new RegExp(`/view/${id}$`));
    expect(shared.body.embedCode).toMatch(/^<iframe /);
    const anonymous = await call(stack, 'GET', `/api/v1/artifacts/${id}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body['artifact']).toMatchObject({ id, isPublic: true, content: changed });

    const { resources } = await vault.listResources();
    const uri = `corevault://artifacts/${id}`;
    expect(resources.find((r) => r.uri === uri)).toMatchObject({
      name: 'Field notes',
      mimeType: 'text/markdown',
    });
    const resource = await vault.readResource({ uri });
    expect(resource.contents).toEqual([{ uri, mimeType: 'text/markdown', text: changed }]);
  });

  it('a read-only key lists and reads, and cannot save: a tool error with the API code', async () => {
    const vault = await connect(readOnly);
    const { tools } = await vault.listTools();
    expect(tools.map((t) => t.name)).toContain('save_artifact');
    const refused = await tool<{ error: { code: string; status: number } }>(vault, 'save_artifact', {
      title: 'Not allowed',
      content: '<p>read-only keys cannot save</p>',
    });
    expect(refused.result.isError).toBe(true);
    expect(refused.body.error).toMatchObject({ code: 'INSUFFICIENT_SCOPE', status: 403 });
    const listed = await tool(vault, 'list_artifacts', {});
    expect(listed.result.isError).toBeUndefined();
  });

  it('answers a missing or refused key with 401 and WWW-Authenticate: Bearer; the SDK client fails to connect', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const post = (headers: Record<string, string>) =>
      fetch(mcpUrl(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify(initialize),
      });

    const anonymous = await post({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="Core Vault"');
    expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });

    const bad = await post({ authorization: `Bearer cvpat_${'z'.repeat(43)}` });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toMatch(/^Bearer realm="Core Vault", error="invalid_token"/);
    expect(await bad.json()).toEqual({
      statusCode: 401,
      code: 'INVALID_TOKEN',
      message: PERSONAL_TOKEN_MESSAGES.invalid,
    });

    const good = await post({ authorization: `Bearer ${readWrite}` });
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { serverInfo: { name: 'corevault' } },
    });

    // Stateless: no server-to-client stream, no session to end.
    const stream = await fetch(mcpUrl(), {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${readWrite}` },
    });
    expect(stream.status).toBe(405);
    expect(stream.headers.get('allow')).toBe('POST');

    const client = new Client({ name: 'bad-key', version: '1' });
    const transport = new StreamableHTTPClientTransport(mcpUrl(), {
      requestInit: { headers: { Authorization: `Bearer cvpat_${'z'.repeat(43)}` } },
    });
    await expect(client.connect(transport)).rejects.toThrow();
  });

  it('answers invalid input with a tool error carrying the vault message and code, never a failure', async () => {
    const vault = await connect(readWrite);
    const empty = await tool<{ error: { code: string; message: string } }>(vault, 'save_artifact', {
      title: 'Empty',
      content: '   ',
    });
    expect(empty.result.isError).toBe(true);
    expect(empty.body.error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Content is required.' });
    expect((empty.result.content[0] as { text: string }).text).toContain('Content is required.');

    const long = await tool<{ error: { code: string; message: string } }>(vault, 'save_artifact', {
      title: 'x'.repeat(201),
      content: '<p>fine</p>',
    });
    expect(long.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/Title is too long/),
    });

    const missing = await tool<{ error: { code: string } }>(vault, 'get_artifact', {
      id: 'no-such-artifact',
    });
    expect(missing.result.isError).toBe(true);
    expect(missing.body.error.code).toBe('ARTIFACT_NOT_FOUND');

    // Arguments of the wrong shape never reach the vault: the SDK's own check, as a tool error.
    const shapeless = await tool(vault, 'save_artifact', { title: 42 });
    expect(shapeless.result.isError).toBe(true);
  });

  it("the MCP Inspector's CLI lists the tools over HTTP with the key as a header", async () => {
    const inspector = join(workspaceRoot, 'node_modules', '.bin', 'mcp-inspector');
    const home = mkdtempSync(join(tmpdir(), 'cv-inspector-'));
    const run = (token: string) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          inspector,
          [
            '--cli',
            `${stack.gatewayUrl}/mcp`,
            '--transport',
            'http',
            '--method',
            'tools/list',
            '--header',
            `Authorization: Bearer ${token}`,
          ],
          { timeout: 60_000, env: { ...process.env, HOME: home, MCP_CATALOG_PATH: join(home, 'mcp.json') } },
          (err, stdout, stderr) =>
            resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
        );
      });

    const listed = await run(readOnly);
    if (listed.code !== 0)
      throw new Error(`inspector exited ${listed.code}\n${listed.stdout}\n${listed.stderr}`);
    const { tools } = JSON.parse(listed.stdout) as { tools: Array<{ name: string }> };
    expect(tools.map((t) => t.name).sort()).toEqual([
      'get_artifact',
      'list_artifacts',
      'list_versions',
      'save_artifact',
      'search_artifacts',
      'share_link',
      'update_artifact',
    ]);

    const refused = await run(`cvpat_${'q'.repeat(43)}`);
    expect(refused.code).not.toBe(0);
  }, 120_000);
});

describe('the corevault command line', () => {
  const bundle = join(workspaceRoot, 'apps/cli/dist/corevault.cjs');
  let home: string;
  let key: string;

  beforeAll(async () => {
    // Built as it is published: one file, the workspace libraries inlined (apps/cli/scripts/bundle.mjs).
    const built = spawnSync(process.execPath, [join(workspaceRoot, 'apps/cli/scripts/bundle.mjs')], {
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`bundle: ${built.stdout}\n${built.stderr}`);
    home = mkdtempSync(join(tmpdir(), 'cv-cli-home-'));
    key = await makeKey('cli', ['artifacts:read', 'artifacts:write']);
  }, 120_000);

  interface Ran {
    code: number;
    stdout: string;
    stderr: string;
  }

  /** The CLI as a person runs it: its own HOME and config folder, nothing of this process's env. */
  const cli = (args: string[], options: { input?: string; env?: Record<string, string> } = {}) =>
    new Promise<Ran>((resolve) => {
      const child = execFile(
        process.execPath,
        [bundle, ...args],
        {
          timeout: 30_000,
          env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, ...options.env },
          cwd: home,
        },
        (err, stdout, stderr) =>
          resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
      );
      child.stdin?.end(options.input ?? '');
    });
  const ok = async (args: string[], options?: { input?: string; env?: Record<string, string> }) => {
    const ran = await cli(args, options);
    if (ran.code !== 0)
      throw new Error(`corevault ${args.join(' ')}: exit ${ran.code}\n${ran.stdout}\n${ran.stderr}`);
    return ran;
  };
  const okJson = async <T>(args: string[], options?: { input?: string }) =>
    JSON.parse((await ok([...args, '--json'], options)).stdout) as T;

  it('logs in with a key on stdin, saved readable by its owner only; whoami says whose', async () => {
    const bad = await cli(['login', '--url', stack.gatewayUrl, '--with-token'], {
      input: `cvpat_${'b'.repeat(43)}\n`,
    });
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain(PERSONAL_TOKEN_MESSAGES.invalid);

    const done = await ok(['login', '--url', stack.gatewayUrl, '--token'], { input: `${key}\n` });
    expect(done.stdout).toContain(`as ${user.email}`);
    const file = join(home, '.config/corevault/config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ url: stack.gatewayUrl, token: key });
    expect(await okJson(['whoami'])).toMatchObject({ url: stack.gatewayUrl, email: user.email });
  }, 90_000);

  it('pushes a file and stdin, lists, pulls back byte for byte, versions, searches and opens', async () => {
    const words = `wombat-${Date.now().toString(36)}`;
    const markdown = `# Burrow plan\n\nWhere the ${words} digs next — ünïcödé, tabs\tand a trailing newline.\n`;
    const file = join(home, 'burrow-plan.md');
    writeFileSync(file, markdown);

    interface Pushed {
      artifact: {
        id: string;
        title: string;
        type: string;
        tags: string[];
        version: number;
        isPublic: boolean;
      };
      url: string;
      typeFrom: string;
    }
    const pushed = await okJson<Pushed>(['push', file, '--tags', 'cli,plans']);
    expect(pushed).toMatchObject({
      artifact: {
        title: 'burrow-plan',
        type: 'MARKDOWN',
        tags: ['cli', 'plans'],
        version: 1,
        isPublic: false,
      },
      typeFrom: 'extension',
    });
    expect(pushed.url).toBe(`${stack.gatewayUrl}/view/${pushed.artifact.id}`);
    expect(pushed.artifact).not.toHaveProperty('content');
    const id = pushed.artifact.id;

    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="4" cx="5" cy="5"/></svg>';
    const fromStdin = await ok(['push', '-', '--title', 'A circle', '--public'], { input: svg });
    const stdinId = /Saved "A circle" as (\S+) \(SVG, public\)/.exec(fromStdin.stdout)?.[1];
    expect(stdinId).toBeDefined();

    interface Page {
      artifacts: Array<{ id: string; title: string }>;
      total: number;
      hasMore: boolean;
      nextCursor: string | null;
    }
    const page = await okJson<Page>(['list', '--limit', '50']);
    expect(page.artifacts.map((a) => a.id)).toEqual(expect.arrayContaining([id, stdinId]));
    expect(page).toEqual(
      expect.objectContaining({ total: expect.any(Number), hasMore: expect.any(Boolean) }),
    );
    expect((await ok(['list'])).stdout).toMatch(new RegExp(`${id}\\s+MARKDOWN\\s+private`));

    expect((await ok(['pull', id])).stdout).toBe(markdown);
    expect((await ok(['pull', stdinId ?? ''])).stdout).toBe(svg);
    const copy = join(home, 'copy.md');
    await ok(['pull', id, '-o', copy]);
    expect(readFileSync(copy, 'utf8')).toBe(markdown);

    const second = `${markdown}\n## Later\n\nA second tunnel.\n`;
    writeFileSync(file, second);
    const updated = await okJson<Pushed>(['push', file, '--update', id, '--note', 'second tunnel']);
    expect(updated.artifact).toMatchObject({ id, version: 2 });
    const history = await okJson<{
      versions: Array<{ version: number; note: string | null; current: boolean }>;
    }>(['versions', id]);
    expect(history.versions.map((v) => [v.version, v.note, v.current])).toEqual([
      [2, 'second tunnel', true],
      [1, null, false],
    ]);
    expect((await ok(['pull', id, '--version', '1'])).stdout).toBe(markdown);
    expect((await ok(['pull', id])).stdout).toBe(second);
    expect(await okJson<{ artifact: { id: string; content: string } }>(['pull', id])).toMatchObject({
      artifact: { id, content: second },
    });

    const found = await waitFor(
      async () => (await okJson<{ artifacts: Array<{ id: string }> }>(['search', words])).artifacts,
      (hits) => hits.some((a) => a.id === id),
      { timeoutMs: 20_000, intervalMs: 300, what: 'the pushed artifact in search' },
    );
    expect(found.map((a) => a.id)).toContain(id);

    expect((await ok(['open', id, '--print'])).stdout.trim()).toBe(`${stack.gatewayUrl}/view/${id}`);
    const unknown = await cli(['open', 'no-such-artifact']);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('Artifact not found');
  }, 240_000);

  it('says what went wrong, with a non-zero exit code: a refused key, a read-only key, a mistake', async () => {
    const refused = await cli(['list', '--json'], { env: { CORE_VAULT_TOKEN: `cvpat_${'r'.repeat(43)}` } });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toBe(
      `corevault: ${PERSONAL_TOKEN_MESSAGES.invalid} Run corevault login with a valid key.\n`,
    );
    expect(JSON.parse(refused.stdout)).toEqual({
      error: {
        code: 'INVALID_TOKEN',
        message: expect.stringContaining(PERSONAL_TOKEN_MESSAGES.invalid),
        exitCode: 3,
      },
    });

    const reader = await makeKey('cli read-only', ['artifacts:read']);
    const notAllowed = await cli(['push', '-', '--title', 'no'], {
      input: '<p>no</p>',
      env: { CORE_VAULT_TOKEN: reader },
    });
    expect(notAllowed.code).toBe(3);
    expect(notAllowed.stderr).toMatch(/artifacts:write to save/);

    const mistake = await cli(['pul', 'x']);
    expect(mistake.code).toBe(2);
    expect(mistake.stderr).toMatch(/Unknown command "pul"/);
    const empty = await cli(['push', '-', '--title', 'empty'], { input: '   ' });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toBe('corevault: Content is required.\n');
  }, 120_000);

  it('serves the same MCP tools over stdio with the saved key (StdioClientTransport)', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bundle, 'mcp'],
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'core-vault-e2e-stdio', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['save_artifact', 'share_link', 'get_artifact']),
    );

    const saved = await tool<Saved>(client, 'save_artifact', {
      title: 'Over stdio',
      content: '<h1>Saved over stdio</h1><p>by the corevault mcp command</p>',
    });
    expect(saved.result.isError).toBeUndefined();
    expect(saved.body.artifact.type).toBe('HTML');
    const read = await tool<{ artifact: { content: string } }>(client, 'get_artifact', {
      id: saved.body.artifact.id,
    });
    expect(read.body.artifact.content).toBe('<h1>Saved over stdio</h1><p>by the corevault mcp command</p>');
    const bad = await tool<{ error: { code: string } }>(client, 'update_artifact', {
      id: 'nope',
      content: 'x',
    });
    expect(bad.body.error.code).toBe('ARTIFACT_NOT_FOUND');

    // A refused key: the server does not start, and says why on stderr.
    const refused = await cli(['mcp'], { env: { CORE_VAULT_TOKEN: `cvpat_${'s'.repeat(43)}` } });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(PERSONAL_TOKEN_MESSAGES.invalid);
  }, 120_000);

  describe('corevault login with a code approved in the app (RFC 8628 device flow)', () => {
    const file = () => join(home, '.config/corevault/config.json');
    const login = (args: string[] = []) =>
      runDeviceLogin(
        bundle,
        ['--url', stack.gatewayUrl, '--no-browser', ...args],
        { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home },
        home,
      );
    const device = (action: 'lookup' | 'approve' | 'deny', userCode: string, bearer = user.token) =>
      call(stack, 'POST', `/api/v1/auth/device/${action}`, { userCode }, bearer);

    it('shows a code, is approved by the signed-in user, saves a new key; list works with it', async () => {
      const run = login();
      const userCode = await run.userCode;
      expect(userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);

      // The /device page's look-up: what is asking, typed in any case without the dash.
      const asked = await device('lookup', userCode.replace('-', '').toLowerCase());
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({
        userCode,
        clientId: 'corevault-cli',
        clientName: DEVICE_CLIENTS['corevault-cli'],
        scopes: ['artifacts:read', 'artifacts:write'],
        tokenName: expect.stringMatching(/^corevault CLI on \S+$/),
      });
      const approved = await device('approve', userCode);
      expect(approved.status).toBe(200);
      expect(approved.body['message']).toBe(DEVICE_MESSAGES.approved);

      const ended = await run.ended;
      expect(ended).toMatchObject({ code: 0 });
      // The app's page (the SPA's origin, WEB_ORIGIN), where a person types the code.
      expect(ended.stderr).toContain(`open ${stack.webUrl}/device in a browser`);
      expect(ended.stdout).toContain(`as ${user.email}`);
      const saved = JSON.parse(readFileSync(file(), 'utf8')) as { url: string; token: string };
      expect(statSync(file()).mode & 0o777).toBe(0o600);
      expect(saved.url).toBe(stack.gatewayUrl);
      expect(saved.token).toMatch(/^cvpat_/);
      expect(saved.token).not.toBe(key);

      // The key is the account's like any other: listed (named for this machine), and it works.
      const tokens = await user.api('GET', '/api/v1/personal-tokens');
      const listed = (tokens.body as { tokens: Array<{ name: string; prefix: string; scopes: string[] }> })
        .tokens;
      expect(listed).toContainEqual(
        expect.objectContaining({
          name: asked.body['tokenName'],
          prefix: saved.token.slice(0, 10),
          scopes: ['artifacts:read', 'artifacts:write'],
        }),
      );
      const page = await okJson<{ artifacts: unknown[] }>(['list']);
      expect(Array.isArray(page.artifacts)).toBe(true);
      expect(await okJson(['whoami'])).toMatchObject({ email: user.email });

      // Answered once: the same code cannot be approved or denied again.
      expect((await device('approve', userCode)).body['code']).toBe('DEVICE_CODE_ANSWERED');
    }, 90_000);

    it('ends with exit 3 when denied, and when nobody approves before the code expires', async () => {
      const before = readFileSync(file(), 'utf8');
      const denied = login(['--json']);
      const expiring = login();
      const deniedCode = await denied.userCode;
      const expiringCode = await expiring.userCode;
      expect((await device('deny', deniedCode)).body['message']).toBe(DEVICE_MESSAGES.deniedDone);

      const refused = await denied.ended;
      expect(refused.code).toBe(3);
      expect(refused.stderr).toMatch(/denied in the browser/);
      expect(JSON.parse(refused.stdout)).toEqual({
        error: { code: 'access_denied', message: expect.stringMatching(/denied/), exitCode: 3 },
      });

      // The stack's codes live 20 s: the CLI stops by itself, and the page then says so.
      const expired = await expiring.ended;
      expect(expired.code).toBe(3);
      expect(expired.stderr).toMatch(/expired before it was approved/);
      const late = await device('approve', expiringCode);
      expect(late).toMatchObject({
        status: 400,
        body: { code: 'DEVICE_CODE_EXPIRED', message: DEVICE_MESSAGES.expired },
      });
      // Neither touched the saved login.
      expect(readFileSync(file(), 'utf8')).toBe(before);
    }, 90_000);

    it('answers the RFC: pending, slow_down, one exchange only; the page refuses guesses and keys', async () => {
      const started = await call(stack, 'POST', '/api/v1/auth/device/code', {
        client_id: 'corevault-cli',
        scope: 'artifacts:read',
        hostname: 'build-box',
      });
      expect(started.status).toBe(200);
      const code = started.body as {
        device_code: string;
        user_code: string;
        interval: number;
        verification_uri_complete: string;
      };
      expect(code.device_code).toMatch(/^cvdc_[A-Za-z0-9_-]{43}$/);
      expect(code.interval).toBe(1);
      expect(code.verification_uri_complete).toMatch(new RegExp(`/device\\?code=${code.user_code}$`));
      const poll = () =>
        call(stack, 'POST', '/api/v1/auth/device/token', {
          grant_type: DEVICE_GRANT_TYPE,
          device_code: code.device_code,
          client_id: 'corevault-cli',
        });
      expect((await poll()).body).toMatchObject({ code: 'authorization_pending', details: { interval: 1 } });
      // At once again: too fast, and the interval goes up by 5 s.
      expect(await poll()).toMatchObject({
        status: 400,
        body: { code: 'slow_down', details: { interval: 6 } },
      });

      // A key cannot approve (token management is for browser sessions), nor can a bad or unknown code.
      expect((await device('approve', code.user_code, readWrite)).status).toBe(403);
      expect((await device('lookup', 'AEIO-U123')).body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((await device('lookup', 'BBBB-BBBB')).status).toBe(404);
      expect((await device('lookup', code.user_code)).body).toMatchObject({
        hostname: 'build-box',
        scopes: ['artifacts:read'],
        tokenName: 'corevault CLI on build-box',
      });
      expect((await device('approve', code.user_code)).status).toBe(200);

      const granted = await poll();
      expect(granted.status).toBe(200);
      expect(granted.body).toMatchObject({
        token_type: 'Bearer',
        scope: 'artifacts:read',
        name: 'corevault CLI on build-box',
      });
      const token = String(granted.body['access_token']);
      expect((await call(stack, 'GET', '/api/v1/artifacts', undefined, token)).status).toBe(200);
      // Exchanged once: the device code is spent.
      expect((await poll()).body).toMatchObject({ code: 'invalid_grant' });
      expect(
        (await call(stack, 'POST', '/api/v1/auth/device/code', { client_id: 'someone-else' })).status,
      ).toBe(400);
    }, 60_000);

    it('counts guesses at codes per signed-in session: over 20 in ten minutes, 429 with Retry-After', async () => {
      // A session of its own, so this spends no other test's budget (the gateway's "device-verify" policy).
      const guesser = await seedTrialUser(stack, 'guess');
      const guess = (i: number) =>
        device('lookup', `BCDF-${'GHJKLMNP'[i % 8] ?? 'G'}${'QRST'[i % 4] ?? 'Q'}VW`, guesser.token);
      const answers = [];
      for (let i = 0; i < 20; i++) answers.push(await guess(i));
      expect(answers.map((a) => a.status)).not.toContain(429);
      const over = await guess(20);
      expect(over.status).toBe(429);
      expect(over.body['code']).toBe('RATE_LIMITED');
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another session is not touched by this one's spent budget.
      expect((await device('lookup', 'BCDF-GHJK')).status).not.toBe(429);
    }, 60_000);
  });
});
