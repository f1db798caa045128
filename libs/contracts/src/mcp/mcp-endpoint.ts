/**
 * The vault's Model Context Protocol endpoint (docs/guides/mcp.md): Streamable HTTP, served by the
 * gateway beside the API. It is no API call (JSON-RPC, not a route contract), so it has no
 * contract; its tools reach the artifacts through the API's own routes with the caller's token.
 */
export const MCP_PATH = '/mcp';

/**
 * The transport's methods: POST carries the JSON-RPC messages; GET (a server-to-client stream)
 * and DELETE (ending a session) are answered 405, as a stateless server may.
 */
export const MCP_METHODS = ['POST', 'GET', 'DELETE'] as const;

/** The URI template of the artifacts as MCP resources (`corevault://artifacts/{id}`). */
export const MCP_ARTIFACT_URI_TEMPLATE = 'corevault://artifacts/{id}';
export const mcpArtifactUri = (id: string): string => `corevault://artifacts/${encodeURIComponent(id)}`;
