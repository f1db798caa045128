import { z } from 'zod';
import { buildOpenApiDocument } from './openapi';
import { buildPath, defineRoute } from './route';

const getThing = defineRoute({
  id: 'getThing',
  method: 'GET',
  path: '/api/v1/things/:id',
  summary: 'Read one thing',
  tag: 'things',
  access: 'public',
  params: z.object({ id: z.string() }),
  query: z.object({ expand: z.boolean().optional() }),
  response: z.object({ id: z.string(), name: z.string() }),
  errors: { 404: 'Thing not found' },
});
const createThing = defineRoute({
  id: 'createThing',
  method: 'POST',
  path: '/api/v1/things',
  summary: 'Create a thing',
  tag: 'things',
  access: { feature: 'basic_upload' },
  body: z.strictObject({ name: z.string().max(10) }),
  response: z.object({ id: z.string() }),
  successStatus: 201,
});

describe('OpenAPI from route contracts', () => {
  const doc = buildOpenApiDocument([getThing, createThing], { title: 'T', version: '1' });

  it('turns express paths into OpenAPI paths with parameters', () => {
    const op = doc.paths['/api/v1/things/{id}']?.['get'] as {
      parameters: { name: string; in: string; required: boolean }[];
    };
    expect(op.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
      expect.objectContaining({ name: 'expand', in: 'query', required: false }),
    ]);
  });

  it('documents bodies, success codes, errors and access', () => {
    const post = doc.paths['/api/v1/things']?.['post'] as Record<string, unknown>;
    expect(JSON.stringify(post['requestBody'])).toContain('"maxLength":10');
    expect(post['description']).toContain('basic_upload');
    const get = doc.paths['/api/v1/things/{id}']?.['get'] as Record<string, unknown>;
    expect(get['security']).toEqual([]);
    expect(Object.keys(get['responses'] as object)).toEqual(['200', '400', '404']);
  });

  it('documents the answers every route can give besides its own: limits, sign-in, permissions', () => {
    const post = doc.paths['/api/v1/things']?.['post'] as {
      responses: Record<string, { description: string }>;
    };
    // Malformed or oversized bodies, a missing token, a missing plan feature.
    expect(Object.keys(post.responses)).toEqual(['201', '400', '401', '403', '413', '415']);
    expect(post.responses['403']?.description).toContain('basic_upload');
    const get = doc.paths['/api/v1/things/{id}']?.['get'] as {
      responses: Record<string, { description: string }>;
    };
    // Public and bodiless: no 401, 403, 413 or 415; its own 404 text stays.
    expect(get.responses['404']?.description).toBe('Thing not found');
    expect(get.responses['400']?.description).toMatch(/body on GET/);
  });
});

describe('buildPath', () => {
  it('encodes parameters and refuses missing ones', () => {
    expect(buildPath('/a/:id/b/:v', { id: 'x y', v: '1' })).toBe('/a/x%20y/b/1');
    expect(() => buildPath('/a/:id')).toThrow('Missing path parameter "id"');
  });
});
