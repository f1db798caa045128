import { type ArgumentsHost, Catch, HttpException, Inject } from '@nestjs/common';
import { type Response } from 'express';
import { Logger } from 'pino';
import { ErrorFilter, LOGGER } from '@core-vault/platform';

/** The realm the vault's bearer challenges name. */
export const MCP_REALM = 'Core Vault';

/**
 * The platform's error answers, plus the challenge the MCP authorization spec asks of a 401
 * (RFC 6750 §3): `WWW-Authenticate: Bearer`, with `error="invalid_token"` when a token was sent
 * but refused. An MCP client that sees it knows to send (or replace) its bearer key.
 */
@Catch()
export class McpChallengeFilter extends ErrorFilter {
  constructor(@Inject(LOGGER) logger: Logger) {
    super(logger);
  }

  override catch(err: unknown, host: ArgumentsHost): void {
    if (err instanceof HttpException && err.getStatus() === 401) {
      const res = host.switchToHttp().getResponse<Response>();
      const body = err.getResponse() as { code?: unknown; message?: unknown };
      const refused = body.code !== 'UNAUTHENTICATED';
      const description = typeof body.message === 'string' ? body.message.replace(/["\\]/g, '') : '';
      if (!res.headersSent)
        res.setHeader(
          'WWW-Authenticate',
          refused
            ? `Bearer realm="${MCP_REALM}", error="invalid_token", error_description="${description}"`
            : `Bearer realm="${MCP_REALM}"`,
        );
    }
    super.catch(err, host);
  }
}
