import { type z } from 'zod';
import {
  type ApiRoute,
  type RefreshResult,
  type RouteResponse,
  buildPath,
  refreshRoute,
} from '@core-vault/contracts';
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE, errorFromResponse } from './errors';
import { SessionSync } from './session-sync';
import { type UploadProgress, fetchWithUploadProgress } from './xhr-transport';

export { type UploadProgress } from './xhr-transport';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = ApiRoute<any, any, any, any>;

// `body`/`query` are optional members of a route, so strip undefined before asking for the schema.
type InputOf<S> = NonNullable<S> extends z.ZodType ? z.input<NonNullable<S>> : undefined;

export interface CallInput<R extends AnyRoute> {
  params?: Record<string, string>;
  query?: Partial<InputOf<R['query']>>;
  body?: InputOf<R['body']>;
  signal?: AbortSignal;
  /** Reports how much of the request body has been sent (sent over XMLHttpRequest then). */
  onUploadProgress?: (progress: UploadProgress) => void;
}

export type SessionListener = (session: RefreshResult | null) => void;

/** Answers after which one session refresh and a retry may help: expired token, stale claims. */
const retryableAfterRefresh = (err: ApiError) =>
  err.status === 401 || (err.status === 403 && err.code === 'FEATURE_NOT_AVAILABLE');

/**
 * The SPA's one way to the gateway, typed by the route contracts of libs/contracts: the path is
 * built from the contract, the answer is parsed with its response schema. The access token lives
 * only here, in memory (never in web storage); the refresh cookie is httpOnly. A 401 (or a
 * feature refusal from claims older than the account) triggers one refresh, then one retry.
 * Refreshes and sign-outs are coordinated with the browser's other tabs (SessionSync).
 */
export class ApiClient {
  private token: string | null = null;
  private refreshing: Promise<RefreshResult | null> | null = null;
  private readonly listeners = new Set<SessionListener>();

  constructor(
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
    private readonly baseUrl = '',
    private readonly sync: SessionSync = new SessionSync(undefined, undefined),
  ) {
    // Another tab signed out, or found the shared session gone: this tab is signed out too.
    sync.onSignedOut(() => {
      this.token = null;
      this.emit(null);
    });
  }

  get accessToken(): string | null {
    return this.token;
  }

  setToken(token: string | null): void {
    this.token = token;
  }

  /** This tab signed out: the token goes, and every other tab of the browser signs out too. */
  signedOut(): void {
    this.token = null;
    this.sync.announceSignOut();
  }

  /** Told about every refresh outcome (new user and token, or null when the session is gone). */
  onSession(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async call<R extends AnyRoute>(route: R, input: CallInput<R> = {}): Promise<RouteResponse<R>> {
    const res = await this.send(route, input);
    if (res.status === 204) return undefined as RouteResponse<R>;
    const json: unknown = await res.json().catch(() => {
      throw new ApiError(res.status, 'BAD_RESPONSE', `HTTP error! status: ${res.status}`);
    });
    return (route.response as z.ZodType).parse(json) as RouteResponse<R>;
  }

  /** The successful raw response (for downloads); errors are thrown like `call`'s. */
  async send<R extends AnyRoute>(route: R, input: CallInput<R> = {}): Promise<Response> {
    const hadToken = this.token !== null;
    try {
      return await this.sendOnce(route, input);
    } catch (err) {
      if (!(err instanceof ApiError) || !retryableAfterRefresh(err) || route === refreshRoute) throw err;
      if (route.access === 'public' && !hadToken) throw err;
      const session = await this.refresh();
      if (!session) throw err;
      return this.sendOnce(route, input);
    }
  }

  /**
   * New access token from the refresh cookie. Single-flight in this tab (concurrent callers share
   * one request) and one at a time across the browser's tabs (SessionSync), because every refresh
   * rotates the one cookie all tabs share. Null when the session is gone; a network failure throws.
   */
  refresh(): Promise<RefreshResult | null> {
    this.refreshing ??= this.sync
      .refresh(() => this.fetchSession())
      .then((session) => {
        this.token = session?.token ?? null;
        this.emit(session);
        return session;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  private fetchSession(): Promise<RefreshResult | null> {
    return this.sendOnce(refreshRoute, {})
      .then(async (res) => refreshRoute.response.parse(await res.json()))
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.isNetwork) throw err;
        return null;
      });
  }

  private emit(session: RefreshResult | null): void {
    for (const listener of this.listeners) listener(session);
  }

  private async sendOnce<R extends AnyRoute>(route: R, input: CallInput<R>): Promise<Response> {
    const url = this.url(route, input);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.token) headers['Authorization'] = `Bearer ${this.token}`;
    const hasBody = input.body !== undefined || (route.body !== undefined && route.method !== 'GET');
    if (hasBody) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      const init: RequestInit = {
        method: route.method,
        headers,
        credentials: 'same-origin',
        ...(hasBody ? { body: JSON.stringify(input.body ?? {}) } : {}),
        ...(input.signal ? { signal: input.signal } : {}),
      };
      res = input.onUploadProgress
        ? await fetchWithUploadProgress(url, init, input.onUploadProgress)
        : await this.fetchImpl(url, init);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new ApiError(0, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE);
    }
    if (!res.ok) throw await errorFromResponse(res);
    return res;
  }

  private url<R extends AnyRoute>(route: R, input: CallInput<R>): string {
    const path = buildPath(route.path, input.params ?? {});
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        if (value !== '') search.set(key, String(value));
    }
    const qs = search.toString();
    return `${this.baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }
}

/** The app's client: same origin, through the gateway (Vite's proxy locally, an ingress in production). */
export const api = new ApiClient(undefined, '', SessionSync.forBrowser());
