import { apiRoutes } from '../http/api-routes';
import { buildOpenApiDocument } from '../http/openapi';
import { shareCardQuerySchema } from './share-card-routes';

describe('share card route', () => {
  it('is documented as a PNG answer (not JSON), public, with 404 for private artifacts', () => {
    const doc = buildOpenApiDocument(apiRoutes, { title: 't', version: '1' });
    const get = doc.paths['/api/v1/artifacts/{id}/card.png']?.['get'] as {
      security: unknown[];
      responses: Record<string, { description: string; content: Record<string, unknown> }>;
    };
    expect(get.security).toEqual([]);
    expect(Object.keys(get.responses['200']?.content ?? {})).toEqual(['image/png']);
    expect(get.responses['404']?.description).toMatch(/private/);
  });

  it('takes ?v=N as a positive whole number only', () => {
    expect(shareCardQuerySchema.parse({ v: '3' })).toEqual({ v: 3 });
    expect(shareCardQuerySchema.parse({})).toEqual({});
    for (const v of ['0', '-1', '1.5', 'abc', '01', '9'.repeat(20)])
      expect(shareCardQuerySchema.safeParse({ v }).success).toBe(false);
  });
});
