import { type z } from 'zod';
import {
  type ApiRoute,
  type RefreshResult,
  type RouteResponse,
  buildPath,
  refreshRoute,
} from '@core-vault/contracts';
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE, errorFromResponse } from './errors';
import { CALL_REFRESH_ATTEMPTS, afterFailedRefresh } from './refresh-retry';
import { documentCookies, hasSessionHint } from './session-hint';
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
  /** A file sent as the body itself (application/octet-stream: the import-sources routes). */
  file?: Blob;
  signal?: AbortSignal;
  /** Reports how much of the request body has been sent (sent over XMLHttpRequest then). */
  onUploadProgress?: (progress: UploadProgress) => void;
}

export type SessionListener = (session: RefreshResult | null) => void;

export interface ApiClientOptions {
  /** The page's cookies, read for the "has session" hint (`document.cookie`). */
  cookies?: () => string;
  /** The wait between refresh attempts (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  /** Jitter for those waits. */
  random?: () => number;
}

export interface RefreshOptions {
  /**
   * How many times to ask before giving up on 429s, 5xx and network failures (a 401 ends it at
   * once). Infinity: until the server answers (the page load's restore).
   */
  attempts?: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Answers after which one session refresh and a retry may help: expired token, stale claims. */
const retryableAfterRefresh = (err: ApiError) =>
  err.status === 401 || (err.status === 403 && err.code === 'FEATURE_NOT_AVAILABLE');

/**
 * The SPA's one way to the gateway, typed by the route contracts of libs/contracts: the path is
 * built from the contract, the answer is parsed with its response schema. The access token lives
 * only here, in memory (never in web storage); the refresh cookie is httpOnly. A 401 (or a
 * feature refusal from claims older than the account) triggers one refresh, then one retry.
 * Refreshes and sign-outs are coordinated with the browser's other tabs (SessionSync). Only a
 * refresh answered 401 ends the session; 429s, 5xx and network failures are retried with
 * backoff (refresh-retry.ts) and leave the person signed in.
 */
export class ApiClient {
  private token: string | null = null;
  private refreshing: Promise<RefreshResult | null> | null = null;
  private readonly listeners = new Set<SessionListener>();
  private readonly cookies: () => string;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
    private readonly baseUrl = '',
    private readonly sync: SessionSync = new SessionSync(undefined, undefined),
    options: ApiClientOptions = {},
  ) {
    this.cookies = options.cookies ?? documentCookies;
    this.sleep = options.sleep ?? wait;
    this.random = options.random ?? Math.random;
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

  /**
   * Whether a refresh can succeed: this tab has a token, or the browser the "has session" hint
   * (session-hint.ts). Without either, a page load does not ask (an anonymous visitor's refresh
   * would be a 401 that spends the refresh budget of everyone behind the same address).
   */
  mayHaveSession(): boolean {
    return this.token !== null || hasSessionHint(this.cookies());
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
      if (!hadToken && (route.access === 'public' || !this.mayHaveSession())) throw err;
      const session = await this.refresh();
      if (!session) throw err;
      return this.sendOnce(route, input);
    }
  }

  /**
   * New access token from the refresh cookie. Single-flight in this tab (concurrent callers share
   * one request) and one at a time across the browser's tabs (SessionSync), because every refresh
   * rotates the one cookie all tabs share. Null only when the server said the session is gone
   * (401). A 429, 5xx or network failure is tried again after a wait (Retry-After, or backoff),
   * still holding the browser's refresh lock so its other tabs wait for this answer rather than
   * add their own; after `attempts` it throws and the session stays as it was.
   */
  refresh({ attempts = CALL_REFRESH_ATTEMPTS }: RefreshOptions = {}): Promise<RefreshResult | null> {
    this.refreshing ??= this.sync
      .refresh(() => this.fetchSessionRetrying(attempts))
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

  private async fetchSessionRetrying(attempts: number): Promise<RefreshResult | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await this.sendOnce(refreshRoute, {});
        return refreshRoute.response.parse(await res.json());
      } catch (err) {
        const next = afterFailedRefresh(err, attempt, undefined, this.random);
        if (next.kind === 'signed-out') return null;
        if (attempt >= attempts) throw err;
        await this.sleep(next.delayMs);
      }
    }
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
    if (input.file) headers['Content-Type'] = 'application/octet-stream';
    let res: Response;
    try {
      const init: RequestInit = {
        method: route.method,
        headers,
        credentials: 'same-origin',
        ...(hasBody ? { body: JSON.stringify(input.body ?? {}) } : {}),
        ...(input.file ? { body: input.file } : {}),
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
