import { z } from 'zod';
import { type ApiRoute, errorBodySchema } from './route';

type AnyRoute = ApiRoute;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;

function parameters(route: AnyRoute): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const js = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, s] of Object.entries(js.properties ?? {})) {
      out.push({
        name,
        in: where,
        required: where === 'path' || (js.required ?? []).includes(name),
        schema: s,
      });
    }
  }
  return out;
}

/** OpenAPI 3.0 document of the gateway, built from the route contracts. */
export function buildOpenApiDocument(routes: readonly AnyRoute[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const access =
      typeof route.access === 'string'
        ? route.access
        : `signed-in user with the ${route.access.feature} feature`;
    const responses: Record<string, unknown> = {
      [String(route.successStatus ?? 200)]: {
        description: 'Success',
        content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
      },
    };
    for (const [status, description] of Object.entries(route.errors ?? {})) {
      responses[status] = {
        description,
        content: { 'application/json': { schema: jsonSchema(errorBodySchema, 'output') } },
      };
    }
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: route.id,
      summary: route.summary,
      tags: [route.tag],
      description: `Access: ${access}.`,
      ...(route.access === 'public' ? { security: [] } : {}),
      parameters: parameters(route),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.0.3',
    info,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
