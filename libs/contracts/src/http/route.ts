import { z } from 'zod';
import { type Feature } from '../accounts/permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: anyone, any signed-in user, a plan feature, or admins only. */
export type RouteAccess = 'public' | 'user' | 'admin' | { feature: Feature };

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * One public HTTP call of the gateway. The gateway's OpenAPI document and the SPA's typed
 * client are both derived from these, so the two cannot drift from each other.
 */
export interface ApiRoute<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  id: string;
  method: HttpMethod;
  /** Express-style path, e.g. `/api/v1/artifacts/:id`. */
  path: string;
  summary: string;
  tag: string;
  access: RouteAccess;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** The success body's media type when it is not JSON (e.g. `image/png`; `response` describes it). */
  responseMediaType?: string;
  /** Status codes this call answers besides 2xx, with what they mean. */
  errors?: Partial<Record<400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 502 | 503, string>>;
  successStatus?: 200 | 201 | 202 | 204;
  /**
   * Who answers the call. By default the service that owns the context (the list it is in, see
   * `routesByService`), behind a forwarder the gateway generates from this contract; 'gateway'
   * when the gateway answers it itself and no service has the route.
   */
  answeredBy?: 'gateway';
}

export function defineRoute<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
>(route: ApiRoute<P, Q, B, R>): ApiRoute<P, Q, B, R> {
  return route;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRoute = ApiRoute<any, any, any, any>;
export type RouteParams<T extends AnyRoute> = T['params'] extends z.ZodType ? z.input<T['params']> : never;
export type RouteQuery<T extends AnyRoute> = T['query'] extends z.ZodType ? z.input<T['query']> : never;
export type RouteBody<T extends AnyRoute> = T['body'] extends z.ZodType ? z.input<T['body']> : never;
export type RouteResponse<T extends AnyRoute> = z.output<T['response']>;

/** Fills `:name` segments; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}
