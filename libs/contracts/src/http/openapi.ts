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

const BODY_METHODS = ['POST', 'PUT', 'PATCH'];

/**
 * Answers a route can give whatever its own `errors` say: the request limits every service
 * applies (docs/operations.md, "Request limits") and the gateway's sign-in and permission checks.
 * A route's own description of the same status wins.
 */
function commonErrors(route: AnyRoute): Record<string, string> {
  const out: Record<string, string> = {
    400: 'Malformed request: invalid JSON, JSON nested too deeply, a body on GET or DELETE, a body that is not what its Content-Encoding says, or invalid input',
  };
  if (route.access !== 'public') out[401] = 'Not signed in (no, an invalid or an expired access token)';
  if (route.access === 'admin') out[403] = 'Admins only';
  else if (typeof route.access === 'object') out[403] = `Needs the ${route.access.feature} feature of a plan`;
  if (BODY_METHODS.includes(route.method)) {
    out[413] = 'Request body too large';
    out[415] = 'Unsupported Content-Encoding or charset';
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
        content: {
          [route.responseMediaType ?? 'application/json']: { schema: jsonSchema(route.response, 'output') },
        },
      },
    };
    const errors: Record<string, string | undefined> = { ...commonErrors(route), ...route.errors };
    for (const status of Object.keys(errors).sort()) {
      const description = errors[status];
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
