import { type z } from 'zod';
import {
  ARTIFACT_LIMITS,
  type ApiRoute,
  type Artifact,
  type ArtifactPage,
  type PublicArtifact,
  type RouteResponse,
  type SessionUser,
  artifactRoute,
  buildPath,
  type createArtifactBodySchema,
  type listArtifactsQuerySchema,
  meRoute,
} from '@core-vault/contracts';
import { CoreVaultApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE, errorFromResponse } from './errors';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = ApiRoute<any, any, any, any>;

// `body`/`query` are optional members of a route, so strip undefined before asking for the schema.
type InputOf<S> = NonNullable<S> extends z.ZodType ? z.input<NonNullable<S>> : undefined;

/** What POST /api/v1/artifacts accepts (type AUTO detects; tags as text or a list). */
export type CreateArtifactInput = z.input<typeof createArtifactBodySchema>;
/** GET /api/v1/artifacts: sort, page (from 1) and limit (1–100, default 20); all optional. */
export type ListArtifactsInput = Partial<z.input<typeof listArtifactsQuerySchema>>;

export interface CallInput<R extends AnyRoute> {
  params?: Record<string, string>;
  query?: Partial<InputOf<R['query']>>;
  body?: InputOf<R['body']>;
  /** Cancels this call (the client's own signal, if any, is used when this is absent). */
  signal?: AbortSignal;
}

export interface CoreVaultClientOptions {
  /** The vault's origin, e.g. `https://vault.example.com` (the gateway serves `/api/v1`). */
  baseUrl: string;
  /** A personal access token (`cvpat_…`) or a session access token. */
  token: string;
  /** Defaults to the global fetch (browsers, extension workers, Node 18+). */
  fetch?: typeof fetch;
  /** Cancels every call of this client. */
  signal?: AbortSignal;
}

/** Progress of `createArtifacts`: the batch just saved and how far the whole list got. */
export interface BatchProgress {
  saved: Artifact[];
  done: number;
  total: number;
}

/**
 * The public API, typed by the route contracts of libs/contracts: the path comes from the
 * contract, the answer is parsed with its response schema, a refusal is a CoreVaultApiError.
 * Browser-safe (fetch only, no Node imports), so the extension and scripts share it.
 */
export class CoreVaultClient {
  private readonly baseUrl: string;
  private readonly token: string;
  private readonly fetchImpl: typeof fetch;
  private readonly signal: AbortSignal | undefined;

  constructor(opts: CoreVaultClientOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.token = opts.token;
    // Never called as a method of this object: a browser's fetch refuses any `this` but the window.
    this.fetchImpl = opts.fetch ?? ((input, init) => fetch(input, init));
    this.signal = opts.signal;
  }

  async call<R extends AnyRoute>(route: R, input: CallInput<R> = {}): Promise<RouteResponse<R>> {
    const res = await this.send(route, input);
    let json: unknown;
    try {
      json = res.status === 204 ? undefined : await res.json();
    } catch {
      throw new CoreVaultApiError(res.status, 'BAD_RESPONSE', `HTTP error! status: ${res.status}`);
    }
    // A route's schemas are `any` to a generic caller (AnyRoute): name the one used here.
    const schema = route.response as z.ZodType<RouteResponse<R>>;
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new CoreVaultApiError(
        res.status,
        'BAD_RESPONSE',
        `The answer of ${route.id} is not what this client expects (is the client older than the server?)`,
        undefined,
        parsed.error.issues,
      );
    return parsed.data;
  }

  /** Whose token this is (also the cheapest way to check a pasted token). */
  me(): Promise<SessionUser> {
    return this.call(meRoute);
  }

  async createArtifact(body: CreateArtifactInput): Promise<Artifact> {
    return (await this.call(artifactRoute.create, { body })).artifact;
  }

  /**
   * Creates every item, in order, in batches of ARTIFACT_LIMITS.batchMax (each batch all or
   * nothing). A failing batch throws; the batches before it are saved, and `onBatch` has been
   * told about each of them, so a caller can keep exactly what was not saved.
   */
  async createArtifacts(
    bodies: readonly CreateArtifactInput[],
    onBatch?: (progress: BatchProgress) => void,
  ): Promise<Artifact[]> {
    const created: Artifact[] = [];
    for (let start = 0; start < bodies.length; start += ARTIFACT_LIMITS.batchMax) {
      const artifacts = bodies.slice(start, start + ARTIFACT_LIMITS.batchMax);
      const saved = (await this.call(artifactRoute.batchCreate, { body: { artifacts } })).artifacts;
      created.push(...saved);
      onBatch?.({ saved, done: created.length, total: bodies.length });
    }
    return created;
  }

  /** One page of the caller's artifacts (summaries, no content); pass `nextCursor` back as `cursor` for the next. */
  listArtifacts(query: ListArtifactsInput = {}): Promise<ArtifactPage> {
    return this.call(artifactRoute.listMine, { query });
  }

  /**
   * One artifact: the owner's full view for the caller's own, the public view for someone
   * else's public one. `version` pins a content version.
   */
  async getArtifact(id: string, version?: number): Promise<Artifact | PublicArtifact> {
    const query = version === undefined ? {} : { v: version };
    return (await this.call(artifactRoute.get, { params: { id }, query })).artifact;
  }

  private async send<R extends AnyRoute>(route: R, input: CallInput<R>): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.token) headers['Authorization'] = `Bearer ${this.token}`;
    const hasBody = input.body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';
    const signal = input.signal ?? this.signal;
    const fetchImpl = this.fetchImpl;
    let res: Response;
    try {
      res = await fetchImpl(this.url(route, input), {
        method: route.method,
        headers,
        // A key is sent explicitly; cookies of the vault's origin must not ride along.
        credentials: 'omit',
        ...(hasBody ? { body: JSON.stringify(input.body) } : {}),
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      // A cancelled call is the caller's decision, not a network failure. (Asked of the signal:
      // an AbortError's class differs between realms, e.g. a page and an extension worker.)
      if (signal?.aborted) throw err;
      throw new CoreVaultApiError(0, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE);
    }
    if (!res.ok) throw await errorFromResponse(res);
    return res;
  }

  private url<R extends AnyRoute>(route: R, input: CallInput<R>): string {
    const path = buildPath(route.path, input.params ?? {});
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(input.query ?? {})) {
      if (
        (typeof value === 'string' && value !== '') ||
        typeof value === 'number' ||
        typeof value === 'boolean'
      )
        search.set(key, String(value));
    }
    const qs = search.toString();
    return `${this.baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }
}
