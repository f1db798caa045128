import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CoreVaultClient } from '@core-vault/api-client';
import { type Artifact } from '@core-vault/contracts';
import { createVaultMcpServer } from './vault-mcp-server';

interface Seen {
  method: string;
  url: string;
  body: unknown;
}

const at = '2026-01-01T00:00:00.000Z';
function artifact(over: Partial<Artifact> = {}): Artifact {
  return {
    id: 'a1',
    title: 'Chart',
    description: '',
    type: 'SVG',
    content: '<svg/>',
    rendered: '<svg/>',
    renderError: null,
    securityWarning: null,
    metadata: { claudeVersion: 'claude-sonnet-4', extractedAt: at, size: 6 },
    isPublic: false,
    allowNetwork: false,
    tags: [],
    version: 1,
    latestVersion: 1,
    revision: 1,
    indexable: false,
    createdAt: at,
    updatedAt: at,
    owner: 'u1',
    viewCount: 0,
    shareCount: 0,
    downloadCount: 0,
    remixCount: 0,
    allowRemix: true,
    remixedFrom: null,
    ...over,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An MCP client connected in memory to a server whose API answers come from `answers`, in order. */
async function connect(answers: Array<Response | Error>, signal?: AbortSignal) {
  const seen: Seen[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    seen.push({
      method: init?.method ?? 'GET',
      url: input instanceof Request ? input.url : input.toString(),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const next = answers.shift();
    if (!next) return Promise.reject(new Error('unexpected request'));
    return next instanceof Response ? Promise.resolve(next) : Promise.reject(next);
  };
  const unexpected: unknown[] = [];
  const server = createVaultMcpServer({
    client: new CoreVaultClient({
      baseUrl: 'http://vault.test',
      token: 'cvpat_x',
      fetch: fetchImpl,
      ...(signal ? { signal } : {}),
    }),
    appUrl: 'https://app.test/',
    onUnexpectedError: (err) => unexpected.push(err),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'spec', version: '1' });
  await client.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { client, call, seen, unexpected };
}

const text = (result: CallToolResult) => (result.content[0] as { text: string }).text;

describe('the vault as an MCP server', () => {
  it('lists its tools with their arguments and a resource template of artifacts', async () => {
    const { client } = await connect([]);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'get_artifact',
      'list_artifacts',
      'list_versions',
      'save_artifact',
      'search_artifacts',
      'share_link',
      'update_artifact',
    ]);
    const save = tools.find((t) => t.name === 'save_artifact');
    expect(save?.inputSchema.required).toEqual(['title', 'content']);
    expect(Object.keys(save?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['title', 'type', 'content', 'tags', 'description', 'public']),
    );
    expect(tools.find((t) => t.name === 'get_artifact')?.annotations?.readOnlyHint).toBe(true);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['corevault://artifacts/{id}']);
    expect(client.getInstructions()).toMatch(/Core Vault/);
  });

  it('saves through the API (AUTO unless a type is given) and answers with the artifact and its link', async () => {
    const saved = artifact({ tags: ['a', 'b'], isPublic: true });
    const { call, seen } = await connect([json(201, { artifact: saved })]);
    const result = await call('save_artifact', {
      title: 'Chart',
      content: '<svg/>',
      tags: ['a', 'b'],
      public: true,
    });
    expect(result.isError).toBeUndefined();
    expect(seen).toEqual([
      {
        method: 'POST',
        url: 'http://vault.test/api/v1/artifacts',
        body: { title: 'Chart', content: '<svg/>', type: 'AUTO', tags: ['a', 'b'], isPublic: true },
      },
    ]);
    expect(result.structuredContent).toMatchObject({
      artifact: { id: 'a1', type: 'SVG', tags: ['a', 'b'], isPublic: true, version: 1 },
      url: 'https://app.test/view/a1',
    });
    expect(JSON.parse(text(result))).toEqual(result.structuredContent);
  });

  it("turns the API's refusal into a tool error with its message and code", async () => {
    const refused = { statusCode: 403, code: 'INSUFFICIENT_SCOPE', message: 'This key lacks the scope.' };
    const { call, unexpected } = await connect([json(403, refused)]);
    const result = await call('save_artifact', { title: 't', content: 'c' });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('This key lacks the scope. (HTTP 403, INSUFFICIENT_SCOPE).');
    expect(result.structuredContent).toEqual({
      error: { code: 'INSUFFICIENT_SCOPE', message: 'This key lacks the scope.', status: 403 },
    });
    expect(unexpected).toEqual([]);
  });

  it('answers arguments of the wrong shape with a tool error, before any call', async () => {
    const { call, seen } = await connect([]);
    const result = await call('save_artifact', { title: 42 });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/save_artifact/);
    expect(seen).toEqual([]);
  });

  it('reports a failure that is no refusal, without its details', async () => {
    const { call, unexpected } = await connect([new Error('socket hang up')]);
    const result = await call('get_artifact', { id: 'a1' });
    expect(result.structuredContent).toEqual({
      error: { code: 'NETWORK_ERROR', message: 'Network error. Please try again.', status: 0 },
    });
    expect(unexpected).toHaveLength(1);
  });

  it('says the vault did not answer in time when the calls outlive their time limit', async () => {
    const late = new DOMException('The operation timed out.', 'TimeoutError');
    const { call, unexpected } = await connect([late], AbortSignal.abort(late));
    const result = await call('list_artifacts', {});
    expect(result.structuredContent).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The vault did not answer in time. Please try again.',
        status: 0,
      },
    });
    expect(unexpected).toHaveLength(1);
  });

  it('reads a version and updates with a note', async () => {
    const { call, seen } = await connect([
      json(200, { artifact: artifact({ version: 1, latestVersion: 2, content: 'old' }) }),
      json(200, { artifact: artifact({ version: 3, latestVersion: 3 }) }),
    ]);
    const read = await call('get_artifact', { id: 'a1', version: 1 });
    expect(read.structuredContent).toMatchObject({
      artifact: { version: 1, latestVersion: 2, content: 'old' },
      url: 'https://app.test/view/a1?v=1',
    });
    await call('update_artifact', { id: 'a1', content: 'new', note: 'darker' });
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['GET', 'http://vault.test/api/v1/artifacts/a1?v=1', undefined],
      ['PATCH', 'http://vault.test/api/v1/artifacts/a1', { content: 'new', versionNote: 'darker' }],
    ]);
  });

  it('gives the links of a private artifact only when asked to publish it', async () => {
    const links = {
      artifactId: 'a1',
      channel: 'link',
      version: null,
      shareCount: 1,
      url: 'https://app.test/view/a1',
      embedUrl: 'https://app.test/embed/a1',
      embedCode: '<iframe src="https://app.test/embed/a1"></iframe>',
    };
    const { call, seen } = await connect([
      json(200, { artifact: artifact() }),
      json(200, { artifact: artifact() }),
      json(200, { artifact: artifact({ isPublic: true }) }),
      json(200, links),
    ]);
    const kept = await call('share_link', { id: 'a1' });
    expect(kept.isError).toBeUndefined();
    expect(kept.structuredContent).toMatchObject({ isPublic: false, shared: false });
    expect(seen).toHaveLength(1);

    const shared = await call('share_link', { id: 'a1', make_public: true });
    expect(shared.structuredContent).toMatchObject({
      isPublic: true,
      madePublic: true,
      url: links.url,
      embedCode: links.embedCode,
    });
    expect(seen.slice(1).map((s) => [s.method, s.url, s.body])).toEqual([
      ['GET', 'http://vault.test/api/v1/artifacts/a1', undefined],
      ['PATCH', 'http://vault.test/api/v1/artifacts/a1', { isPublic: true }],
      ['POST', 'http://vault.test/api/v1/artifacts/a1/share', { channel: 'link' }],
    ]);
  });

  it('lists the artifacts as resources and reads one', async () => {
    const { id: _id, content: _c, rendered: _r, renderError: _e, securityWarning: _s, ...card } = artifact();
    const page = {
      artifacts: [{ ...card, id: 'a/1' }],
      page: 1,
      limit: 100,
      total: 1,
      hasMore: false,
      nextCursor: null,
    };
    const { client, seen } = await connect([
      json(200, page),
      json(200, { artifact: artifact({ id: 'a/1' }) }),
    ]);
    const { resources } = await client.listResources();
    expect(resources).toEqual([
      {
        uri: 'corevault://artifacts/a%2F1',
        name: 'Chart',
        title: 'Chart',
        mimeType: 'image/svg+xml',
        description: `SVG artifact, version 1, updated ${at}`,
      },
    ]);
    const read = await client.readResource({ uri: 'corevault://artifacts/a%2F1' });
    expect(read.contents).toEqual([
      { uri: 'corevault://artifacts/a%2F1', mimeType: 'image/svg+xml', text: '<svg/>' },
    ]);
    expect(seen.map((s) => s.url)).toEqual([
      'http://vault.test/api/v1/artifacts?sort=newest&limit=100',
      'http://vault.test/api/v1/artifacts/a%2F1',
    ]);
  });
});
