import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { CoreVaultApiError, type CoreVaultClient } from '@core-vault/api-client';
import {
  ARTIFACT_LIMITS,
  ARTIFACT_SORTS,
  type Artifact,
  type ArtifactSummary,
  type ArtifactType,
  MCP_ARTIFACT_URI_TEMPLATE,
  type PublicArtifact,
  artifactRoute,
  artifactTypeInputSchema,
  artifactTypeSchema,
  mcpArtifactUri,
  viewUrl,
} from '@core-vault/contracts';
import { toolError, toolResult } from './tool-results';

export interface VaultMcpOptions {
  /** The typed API client, holding the caller's token: every tool is one or two API calls. */
  client: CoreVaultClient;
  /** The web app's origin, for the view links in answers (`{appUrl}/view/{id}`). */
  appUrl: string;
  /** Reported to clients as the server's version. */
  version?: string;
  /** Told about failures that are no refusal of the API (a timeout, a bug); the answer stays a tool error. */
  onUnexpectedError?: (err: unknown, tool: string) => void;
}

/** What the server tells the model about itself (MCP `instructions`). */
export const VAULT_MCP_INSTRUCTIONS =
  'Core Vault keeps the artifacts a person makes with AI assistants (HTML pages, SVG, Markdown, ' +
  'React components, TypeScript) with their versions, and shares them as links and embeds. Save ' +
  'an artifact when the user asks to keep, save or share something you made; update it to make a ' +
  'new version rather than saving a copy. New artifacts are private: make one public (share_link ' +
  'with make_public) only when the user asks to share it.';

/** Media types of the artifact types, for resources. */
const MIME_TYPES: Readonly<Record<ArtifactType, string>> = {
  HTML: 'text/html',
  SVG: 'image/svg+xml',
  MARKDOWN: 'text/markdown',
  REACT: 'text/jsx',
  TYPESCRIPT: 'text/typescript',
  UNKNOWN: 'text/plain',
};

/** Resources listed: the newest artifacts, one page of the API. */
const RESOURCES_LISTED = ARTIFACT_LIMITS.pageSizeMax;

// Argument schemas: types and meanings only. The vault checks the values itself (lengths, empty
// content, tag rules) and its refusal reaches the model as a tool error with the vault's message.
const id = z.string().describe('The artifact id, as save_artifact or list_artifacts returned it');
const tags = z
  .union([z.array(z.string()), z.string()])
  .describe(`Tags: a list, or comma-separated text (at most ${ARTIFACT_LIMITS.tagsMax})`);
const typeInput = artifactTypeInputSchema.describe(
  'HTML, SVG, MARKDOWN, REACT, TYPESCRIPT, or AUTO to detect it from the content (the default)',
);
const limit = (max: number, byDefault: number) =>
  z.number().int().min(1).max(max).optional().describe(`How many (1–${max}, default ${byDefault})`);

/**
 * The vault as an MCP server: tools over the public API (through the typed client, so scopes,
 * plan features, limits and errors are exactly the API's) and the caller's artifacts as
 * resources (`corevault://artifacts/{id}`). The gateway builds one per request with the caller's
 * token (stateless Streamable HTTP); the CLI builds one for its stdio server with the saved key.
 */
export function createVaultMcpServer(options: VaultMcpOptions): McpServer {
  const { client } = options;
  const link = (artifactId: string, version?: number) => viewUrl(options.appUrl, artifactId, version);
  const server = new McpServer(
    { name: 'corevault', title: 'Core Vault', version: options.version ?? '0.1.0' },
    { instructions: VAULT_MCP_INSTRUCTIONS },
  );

  /** Runs a tool body; any failure becomes a tool result with the vault's code and message. */
  const run =
    <A>(tool: string, body: (args: A) => Promise<Record<string, unknown>>) =>
    async (args: A): Promise<CallToolResult> => {
      try {
        return toolResult(await body(args));
      } catch (err) {
        if (!isExpected(err)) options.onUnexpectedError?.(err, tool);
        return toolError(err);
      }
    };

  server.registerTool(
    'save_artifact',
    {
      title: 'Save an artifact',
      description:
        'Saves content to the vault as a new artifact (private unless public is true) and returns its id and link. ' +
        `Content up to ${ARTIFACT_LIMITS.contentMaxChars.toLocaleString('en')} characters; title up to ${ARTIFACT_LIMITS.titleMaxChars}.`,
      inputSchema: {
        title: z.string().describe(`Title (at most ${ARTIFACT_LIMITS.titleMaxChars} characters)`),
        content: z.string().describe('The artifact itself: the HTML, SVG, Markdown or code, as it is'),
        type: typeInput.optional(),
        tags: tags.optional(),
        description: z
          .string()
          .optional()
          .describe(`A short description (at most ${ARTIFACT_LIMITS.descriptionMaxChars} characters)`),
        public: z
          .boolean()
          .optional()
          .describe('Make it public at once (anyone with the link may view it); default false'),
      },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    run('save_artifact', async (args) => {
      const saved = await client.createArtifact({
        title: args.title,
        content: args.content,
        type: args.type ?? 'AUTO',
        ...(args.tags === undefined ? {} : { tags: args.tags }),
        ...(args.description === undefined ? {} : { description: args.description }),
        ...(args.public === undefined ? {} : { isPublic: args.public }),
      });
      return { artifact: summary(saved), url: link(saved.id) };
    }),
  );

  server.registerTool(
    'update_artifact',
    {
      title: 'Update an artifact',
      description:
        'Changes an artifact of yours. New content (or type) makes a new version, with an optional note saying what changed; ' +
        'earlier versions stay readable (get_artifact with version, list_versions).',
      inputSchema: {
        id,
        content: z.string().optional().describe('The new content (a new version)'),
        note: z
          .string()
          .optional()
          .describe(
            `What changed, kept with the new version (at most ${ARTIFACT_LIMITS.versionNoteMaxChars} characters)`,
          ),
        title: z.string().optional(),
        type: typeInput.optional(),
        tags: tags.optional().describe('Replaces the tags'),
        description: z.string().optional(),
      },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    run('update_artifact', async (args) => {
      const { artifact } = await client.call(artifactRoute.update, {
        params: { id: args.id },
        body: {
          ...(args.content === undefined ? {} : { content: args.content }),
          ...(args.note === undefined ? {} : { versionNote: args.note }),
          ...(args.title === undefined ? {} : { title: args.title }),
          ...(args.type === undefined ? {} : { type: args.type }),
          ...(args.tags === undefined ? {} : { tags: args.tags }),
          ...(args.description === undefined ? {} : { description: args.description }),
        },
      });
      return { artifact: summary(artifact), url: link(artifact.id) };
    }),
  );

  server.registerTool(
    'get_artifact',
    {
      title: 'Read an artifact',
      description: 'Reads an artifact with its content: the current version, or an earlier one with version.',
      inputSchema: {
        id,
        version: z
          .number()
          .int()
          .min(1)
          .optional()
          .describe('A content version (list_versions); default the current one'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run('get_artifact', async (args) => {
      const artifact = await client.getArtifact(args.id, args.version);
      return {
        artifact: { ...summary(artifact), content: artifact.content },
        url: link(artifact.id, args.version),
      };
    }),
  );

  server.registerTool(
    'list_artifacts',
    {
      title: 'List artifacts',
      description: 'Lists your artifacts (no content), newest first unless sort says otherwise.',
      inputSchema: {
        sort: z.enum(ARTIFACT_SORTS).optional().describe('newest (default), oldest, title, type or views'),
        limit: limit(ARTIFACT_LIMITS.pageSizeMax, ARTIFACT_LIMITS.pageSizeDefault),
        cursor: z.string().optional().describe('nextCursor of the previous answer, for the next page'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run('list_artifacts', async (args) => {
      const page = await client.listArtifacts({
        ...(args.sort === undefined ? {} : { sort: args.sort }),
        ...(args.limit === undefined ? {} : { limit: args.limit }),
        ...(args.cursor === undefined ? {} : { cursor: args.cursor }),
      });
      return {
        artifacts: page.artifacts.map(summary),
        total: page.total,
        hasMore: page.hasMore,
        nextCursor: page.nextCursor,
      };
    }),
  );

  server.registerTool(
    'search_artifacts',
    {
      title: 'Search artifacts',
      description:
        'Searches your artifacts by title, description, tags and content, best matches first, with the matching snippets.',
      inputSchema: {
        query: z
          .string()
          .describe(`Words to look for (at most ${ARTIFACT_LIMITS.searchQueryMaxChars} characters)`),
        type: artifactTypeSchema.optional().describe('Only artifacts of this type'),
        tag: z.string().optional().describe('Only artifacts with this tag'),
        limit: limit(ARTIFACT_LIMITS.pageSizeMax, ARTIFACT_LIMITS.pageSizeDefault),
        page: z.number().int().min(1).optional().describe('Page of the results, from 1'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run('search_artifacts', async (args) => {
      const found = await client.call(artifactRoute.search, {
        query: {
          q: args.query,
          ...(args.type === undefined ? {} : { type: args.type }),
          ...(args.tag === undefined ? {} : { tag: args.tag }),
          ...(args.limit === undefined ? {} : { limit: args.limit }),
          ...(args.page === undefined ? {} : { page: args.page }),
        },
      });
      return {
        artifacts: found.artifacts.map((a) => ({
          ...summary(a),
          score: a.score,
          matches: a.snippets.map((s) => ({ field: s.field, text: s.parts.map((p) => p.text).join('') })),
        })),
        page: found.page,
        total: found.total,
        hasMore: found.hasMore,
      };
    }),
  );

  server.registerTool(
    'list_versions',
    {
      title: 'List versions',
      description: "An artifact's versions, newest first, with their notes.",
      inputSchema: { id },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run('list_versions', async (args) => {
      const { versions } = await client.call(artifactRoute.listVersions, { params: { id: args.id } });
      return { versions };
    }),
  );

  server.registerTool(
    'share_link',
    {
      title: 'Share link',
      description:
        'The public link and embed code of an artifact. A private artifact stays private unless make_public is true: ' +
        'ask the user before publishing. version pins the links to one version.',
      inputSchema: {
        id,
        make_public: z
          .boolean()
          .optional()
          .describe('Publish a private artifact first (only when the user asked to share it); default false'),
        version: z.number().int().min(1).optional().describe('Pin the links to this version'),
      },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    run('share_link', async (args) => {
      const current = await client.getArtifact(args.id);
      let madePublic = false;
      if (!current.isPublic) {
        if (!args.make_public)
          return {
            artifactId: current.id,
            isPublic: false,
            shared: false,
            message:
              'This artifact is private: its link works for its owner only. Call share_link again with make_public: true to publish it (only if the user wants it shared).',
            url: link(current.id),
          };
        await client.call(artifactRoute.update, { params: { id: current.id }, body: { isPublic: true } });
        madePublic = true;
      }
      const shared = await client.call(artifactRoute.share, {
        params: { id: current.id },
        body: { channel: 'link', ...(args.version === undefined ? {} : { version: args.version }) },
      });
      return {
        artifactId: shared.artifactId,
        isPublic: true,
        madePublic,
        shared: true,
        version: shared.version,
        url: shared.url,
        embedUrl: shared.embedUrl,
        embedCode: shared.embedCode,
      };
    }),
  );

  server.registerResource(
    'artifact',
    new ResourceTemplate(MCP_ARTIFACT_URI_TEMPLATE, {
      list: async () => {
        const page = await client.listArtifacts({ sort: 'newest', limit: RESOURCES_LISTED });
        return {
          resources: page.artifacts.map((a) => ({
            uri: mcpArtifactUri(a.id),
            name: a.title,
            title: a.title,
            mimeType: MIME_TYPES[a.type],
            // Always its own: the SDK would give a resource without one the template's description.
            description:
              a.description || `${a.type} artifact, version ${a.latestVersion}, updated ${a.updatedAt}`,
          })),
        };
      },
    }),
    {
      title: 'Artifact',
      description: `One of your artifacts, its current content (the ${RESOURCES_LISTED} newest are listed)`,
    },
    async (uri, variables) => {
      const value = variables['id'];
      const artifactId = decodeURIComponent(Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));
      const artifact = await client.getArtifact(artifactId);
      return {
        contents: [{ uri: uri.href, mimeType: MIME_TYPES[artifact.type], text: artifact.content }],
      };
    },
  );

  return server;
}

/** An artifact without its content: what lists and write answers carry. */
function summary(a: Artifact | PublicArtifact | ArtifactSummary) {
  return {
    id: a.id,
    title: a.title,
    type: a.type,
    description: a.description,
    tags: a.tags,
    isPublic: a.isPublic,
    version: a.version,
    latestVersion: a.latestVersion,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

/** A refusal of the API (a 4xx): the caller's business, nothing to report. */
function isExpected(err: unknown): boolean {
  return err instanceof CoreVaultApiError && err.status >= 400 && err.status < 500;
}
