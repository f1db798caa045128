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
