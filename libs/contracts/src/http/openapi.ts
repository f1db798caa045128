import { z } from 'zod';
import { PERSONAL_TOKEN_MESSAGES, isBusinessTokenScope } from '../accounts/personal-token-dto';
import { personalTokenAccess } from '../accounts/token-scopes';
import { type ApiRoute, type ErrorBody, errorBodySchema } from './route';

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

/** A documented answer, with an example body when the status alone says which one it is. */
interface CommonError {
  description: string;
  example?: ErrorBody;
}

/**
 * Answers a route can give whatever its own `errors` say: the request limits every service
 * applies (docs/reference/api.md, "Request limits"), the gateway's sign-in, scope and permission
 * checks and the per-key rate limit. A route's own description of the same status wins (and then
 * no example: the route's own answer has its own code).
 */
function commonErrors(route: AnyRoute): Record<string, CommonError> {
  const out: Record<string, CommonError> = {
    400: {
      description:
        'Malformed request: a token in the query string (TOKEN_IN_URL: tokens go in the Authorization header only), invalid JSON, JSON nested too deeply, a body on GET or DELETE, a body that is not what its Content-Encoding says, or invalid input',
    },
  };
  const keyAccess = personalTokenAccess(route.method, route.path);
  if (route.access !== 'public') {
    out[401] = {
      description: 'Not signed in (no, an invalid, a revoked or an expired token)',
      example: { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' },
    };
    out[403] = {
      description:
        keyAccess === undefined
          ? 'Sessions only: a personal access token is refused here'
          : 'The personal access token lacks the scope this call needs',
      example: { statusCode: 403, code: 'INSUFFICIENT_SCOPE', message: PERSONAL_TOKEN_MESSAGES.missingScope },
    };
  }
  if (route.access === 'admin') out[403] = { description: 'Admins only' };
  else if (typeof route.access === 'object')
    out[403] = {
      description: `Needs the ${route.access.feature} feature of a plan${keyAccess === undefined ? '' : ', or the personal access token lacks the scope this call needs'}`,
      example: {
        statusCode: 403,
        code: 'FEATURE_NOT_AVAILABLE',
        message: 'This feature is not included in your plan.',
      },
    };
  if (BODY_METHODS.includes(route.method)) {
    out[413] = { description: 'Request body too large' };
    out[415] = { description: 'Unsupported Content-Encoding or charset' };
  }
  if (keyAccess !== undefined)
    out[429] = {
      description:
        "Over the personal access token's rate limit (120 requests a minute, 600 on Business); wait Retry-After seconds",
      example: {
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: PERSONAL_TOKEN_MESSAGES.rateLimited(37),
      },
    };
  return out;
}

/** What the operation says about access: who may call it and which key scope it needs. */
function accessText(route: AnyRoute): string {
  const who =
    typeof route.access === 'string'
      ? route.access
      : `signed-in user with the ${route.access.feature} feature`;
  if (route.access === 'public') return `Access: ${who}.`;
  const keyAccess = personalTokenAccess(route.method, route.path);
  const key =
    keyAccess === undefined
      ? 'not accepted (browser session only)'
      : keyAccess === 'any-scope'
        ? 'any scope'
        : `scope \`${keyAccess}\`${isBusinessTokenScope(keyAccess) ? ' (Business plan: api_access)' : ''}`;
  return `Access: ${who}. Personal access tokens: ${key}.`;
}

const RETRY_AFTER_HEADER = {
  'Retry-After': { description: 'Seconds to wait before the next call', schema: { type: 'integer' } },
};

/** The scheme every non-public operation names. */
const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'Personal access token `cvpat_…` or a session access token',
  },
};

/** OpenAPI 3.0 document of the gateway, built from the route contracts. */
export function buildOpenApiDocument(
  routes: readonly AnyRoute[],
  info: { title: string; version: string; description?: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const responses: Record<string, unknown> = {
      // A 204 carries no body, so it documents no content.
      [String(route.successStatus ?? 200)]:
        route.successStatus === 204
          ? { description: 'Success (no content)' }
          : {
              description: 'Success',
              content: {
                [route.responseMediaType ?? 'application/json']: {
                  schema: jsonSchema(route.response, 'output'),
                },
              },
            },
    };
    const own: Record<string, string | undefined> = { ...route.errors };
    const errors: Record<string, CommonError> = { ...commonErrors(route) };
    for (const [status, description] of Object.entries(own))
      if (description) errors[status] = { description };
    for (const status of Object.keys(errors).sort()) {
      const { description, example } = errors[status] ?? { description: '' };
      responses[status] = {
        description,
        ...(status === '429' ? { headers: RETRY_AFTER_HEADER } : {}),
        content: {
          'application/json': {
            schema: jsonSchema(errorBodySchema, 'output'),
            ...(example ? { example } : {}),
          },
        },
      };
    }
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: route.id,
      summary: route.summary,
      tags: [route.tag],
      description: accessText(route),
      security: route.access === 'public' ? [] : [{ bearerAuth: [] }],
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
    components: { securitySchemes: SECURITY_SCHEMES },
    security: [{ bearerAuth: [] }],
    paths,
  };
}

export { API_DESCRIPTION } from './openapi-description';
