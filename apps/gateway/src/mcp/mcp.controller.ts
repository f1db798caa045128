import { Controller, Delete, Get, HttpCode, Inject, Post, Req, Res, UseFilters } from '@nestjs/common';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Request, Response } from 'express';
import { Logger } from 'pino';
import { CoreVaultClient } from '@core-vault/api-client';
import { MCP_PATH } from '@core-vault/contracts';
import { createVaultMcpServer } from '@core-vault/mcp';
import { APP_CONFIG, LOGGER, REQUEST_ID_HEADER, requestContext } from '@core-vault/platform';
import { GatewayConfig, serviceUrl } from '../config';
import { McpChallengeFilter } from './mcp-challenge.filter';

/** A tool's API calls together, like one forwarded request of the API (DownstreamClient's limit). */
const TOOL_CALLS_TIMEOUT_MS = 15_000;

/**
 * The vault as an MCP server over Streamable HTTP (docs/guides/mcp.md), stateless: every POST is answered
 * on its own by a server built for it with the caller's token, so any gateway instance answers any
 * message and nothing is kept between them. The global AuthGuard has verified the bearer token (a
 * personal access token of any scope, or a session) and the per-key limit counted the request;
 * a 401 carries `WWW-Authenticate: Bearer` (McpChallengeFilter).
 *
 * The tools call the artifacts service as the gateway's forwarders do — the same routes, the
 * caller's token, the request id and trace — through the typed client (@core-vault/api-client), so
 * the service checks the token's scopes and the plan's features exactly as for the REST API (a
 * read-only key cannot save) and its refusals reach the model as tool errors with their codes.
 */
@Controller()
@UseFilters(McpChallengeFilter)
export class McpController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Post(MCP_PATH)
  async message(@Req() req: Request, @Res() res: Response): Promise<void> {
    const server = createVaultMcpServer({
      client: this.clientFor(req, res),
      appUrl: this.config.WEB_ORIGIN,
      onUnexpectedError: (err, tool) => this.logger.error({ err, tool }, 'mcp tool failed'),
    });
    // JSON answers, not an SSE stream: every message here is answered at once.
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  /** No server-to-client stream and no sessions to end: a stateless server answers 405 (the spec's choice). */
  @Get(MCP_PATH)
  @HttpCode(405)
  stream(@Res({ passthrough: true }) res: Response) {
    return notAllowed(res);
  }

  @Delete(MCP_PATH)
  @HttpCode(405)
  endSession(@Res({ passthrough: true }) res: Response) {
    return notAllowed(res);
  }

  /** The typed client over the artifacts service, carrying what a forwarded request carries. */
  private clientFor(req: Request, res: Response): CoreVaultClient {
    const authorization = req.headers.authorization ?? '';
    const forwarded: Record<string, string> = {
      [REQUEST_ID_HEADER]: String(res.getHeader(REQUEST_ID_HEADER) ?? ''),
      'x-forwarded-for': req.ip ?? '',
    };
    const userAgent = req.headers['user-agent'];
    if (userAgent) forwarded['user-agent'] = userAgent;
    const traceparent = requestContext.getStore()?.traceparent;
    if (traceparent) forwarded['traceparent'] = traceparent;
    return new CoreVaultClient({
      baseUrl: serviceUrl(this.config, 'artifacts'),
      token: authorization.replace(/^Bearer\s+/i, ''),
      signal: AbortSignal.timeout(TOOL_CALLS_TIMEOUT_MS),
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...forwarded } }),
    });
  }
}

function notAllowed(res: Response) {
  res.setHeader('Allow', 'POST');
  return {
    jsonrpc: '2.0',
    error: {
      code: -32000,
      message: 'Method not allowed: this MCP server is stateless; send messages with POST.',
    },
    id: null,
  };
}
