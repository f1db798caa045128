import {
  ARTIFACT_LIMITS,
  PERSONAL_TOKEN_SCOPES,
  apiRoutes,
  listArtifactsQuerySchema,
  personalTokenAccess,
} from '@core-vault/contracts';
import { OpenApiController } from './openapi.controller';

interface Operation {
  operationId: string;
  description: string;
  security: Array<Record<string, string[]>>;
  responses: Record<
    string,
    { description: string; headers?: Record<string, unknown>; content: Record<string, { example?: unknown }> }
  >;
}
interface Document {
  info: { title: string; description: string };
  components: { securitySchemes: Record<string, Record<string, string>> };
  paths: Record<string, Record<string, Operation>>;
}

const doc = new OpenApiController().openapi() as Document;
const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
const operation = (id: string): Operation => {
  const found = operations.find((o) => o.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};

describe('the /api-docs document', () => {
  it('lists every contract once', () => {
    expect(operations.map((o) => o.operationId).sort()).toEqual(apiRoutes.map((r) => r.id).sort());
  });

  it('describes authentication with personal access tokens and where to make them', () => {
    const text = doc.info.description;
    expect(text).toContain('Authorization: Bearer cvpat_…');
    expect(text).toContain('/account → "Personal access tokens"');
    expect(text).toMatch(/Session access tokens/);
  });

  it('has a row in the scopes table for every scope a key can hold', () => {
    for (const scope of PERSONAL_TOKEN_SCOPES)
      expect(doc.info.description).toMatch(new RegExp(`^\\| \`${scope}\` \\|`, 'm'));
  });

  it('states the paging the list contract really applies', () => {
    const defaults = listArtifactsQuerySchema.parse({});
    const text = doc.info.description;
    expect(text).toContain(`\`limit\` (1–${ARTIFACT_LIMITS.pageSizeMax}, default\n${defaults.limit})`);
    expect(text).toContain(`\`page\` (from 1, default ${defaults.page})`);
    expect(text).toContain(`\`${defaults.sort}\` (default)`);
    for (const field of ['"page"', '"limit"', '"total"', '"hasMore"']) expect(text).toContain(field);
  });

  it('documents the error body, rate limits and Retry-After', () => {
    const text = doc.info.description;
    expect(text).toContain('"statusCode": 429, "code": "RATE_LIMITED"');
    expect(text).toMatch(/120 requests a minute \(600 on the Business plan\)/);
    expect(text).toContain('Retry-After');
  });

  it('offers one bearer scheme and names it on every operation that needs sign-in', () => {
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(doc.components.securitySchemes['bearerAuth']?.['description']).toContain('cvpat_');
    for (const route of apiRoutes) {
      const op = operation(route.id);
      expect([route.id, op.security]).toEqual([
        route.id,
        route.access === 'public' ? [] : [{ bearerAuth: [] }],
      ]);
    }
  });

  it('says per operation which key scope it needs, and 429 with Retry-After where keys are limited', () => {
    const create = operation('createArtifact');
    expect(create.description).toContain('Personal access tokens: scope `artifacts:write`.');
    expect(create.responses['429']?.headers).toHaveProperty('Retry-After');
    expect(create.responses['429']?.content['application/json']?.example).toMatchObject({
      code: 'RATE_LIMITED',
    });
    expect(operation('listMyArtifacts').description).toContain('scope `artifacts:read`');
    expect(operation('getMe').description).toContain('Personal access tokens: any scope.');
    expect(operation('listCollections').description).toContain(
      'Personal access tokens: scope `collections:read` (Business plan: api_access).',
    );

    const tokens = operation('createPersonalToken');
    expect(tokens.description).toContain('not accepted (browser session only)');
    expect(tokens.responses['429']).toBeUndefined();

    for (const route of apiRoutes) {
      // Public reads count too when a key is sent (the extension reads its own private artifacts).
      const limited = personalTokenAccess(route.method, route.path) !== undefined;
      expect([route.id, '429' in operation(route.id).responses]).toEqual([
        route.id,
        limited || '429' in (route.errors ?? {}),
      ]);
    }
  });

  it('gives the common refusals an example body of the error shape', () => {
    const list = operation('listMyArtifacts');
    expect(list.responses['401']?.content['application/json']?.example).toEqual({
      statusCode: 401,
      code: 'UNAUTHENTICATED',
      message: 'Please sign in to continue.',
    });
    expect(list.responses['403']?.content['application/json']?.example).toMatchObject({
      code: 'INSUFFICIENT_SCOPE',
    });
  });
});
