import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { type Response } from 'express';
import { API_DESCRIPTION, apiRoutes, buildOpenApiDocument } from '@core-vault/contracts';
import { AppException, Public } from '@core-vault/platform';

const SWAGGER_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS = new Set([
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
]);

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Core Vault API</title>
<link rel="stylesheet" href="/api-docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api-docs/assets/swagger-ui-bundle.js"></script>
<script src="/api-docs/assets/init.js"></script></body></html>`;
const INIT = `window.ui = SwaggerUIBundle({ url: '/api-docs/openapi.json', dom_id: '#swagger-ui' });`;

/**
 * The reference page's own policy (the gateway's default allows nothing): Swagger UI's script and
 * start-up (init.js, a file: no inline script), its stylesheet, the data: SVG icons its CSS uses,
 * the document and "Try it out" calls on this origin. Never framed. Measured in Chromium with no
 * violation (apps/e2e/src/web/account-settings.int-spec.ts).
 */
export const API_DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** The API reference, built from libs/contracts and served by the project itself (no CDN). */
@Controller('api-docs')
export class OpenApiController {
  private readonly document = buildOpenApiDocument(apiRoutes, {
    title: 'Core Vault API',
    version: '1.0.0',
    description: API_DESCRIPTION,
  });

  @Public()
  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('content-security-policy', API_DOCS_CONTENT_SECURITY_POLICY)
  page(): string {
    return PAGE;
  }

  @Public()
  @Get('openapi.json')
  openapi(): unknown {
    return this.document;
  }

  @Public()
  @Get('assets/:file')
  asset(@Param('file') file: string, @Res() res: Response): void {
    if (file === 'init.js') {
      res.type('application/javascript').send(INIT);
      return;
    }
    if (!ASSETS.has(file)) throw new AppException(404, 'NOT_FOUND', 'Not found');
    res.type(file.split('.').pop() ?? 'txt').send(readFileSync(join(SWAGGER_DIR, file)));
  }
}
