/**
 * Where Claude's runtime calls go (claude-runtime.ts).
 *
 * - In the app's frame, to the app by postMessage (exact parent origin both ways): the app calls
 *   the vault's API with the viewer's session, so a signed-in viewer's personal data is kept by
 *   the vault per (artifact, user) and follows them to other browsers; the app decides where an
 *   anonymous viewer's goes. The app binds the artifact itself: nothing in a message can name
 *   another artifact.
 * - In an embed (a third party's page: no session), personal data stays in this browser, in the
 *   storage of the artifact's own origin (memory where the browser gives a third-party frame
 *   none), and shared data and AI calls go anonymously to this artifact's runtime API.
 */
import { AGENT_CHANNEL, AGENT_PROTOCOL_VERSION } from './agent-messages';
import {
  type CompleteRequest,
  type CompleteResult,
  RuntimeError,
  type RuntimeTransport,
  STORAGE_TOTAL_MAX_BYTES,
  type StorageCall,
  type StorageDeleted,
  type StorageItem,
  type StorageKeys,
} from './claude-runtime';

type StorageResult = StorageItem | StorageDeleted | StorageKeys | null;

/** Longest an AI call may take before the frame gives up on the app's answer. */
const CALL_TIMEOUT_MS = { storage: 30_000, complete: 180_000 } as const;

export function parentTransport(
  win: Window,
  parentOrigin: string,
  originStorage: Storage | null,
): RuntimeTransport {
  // An anonymous viewer's personal data: the app says sign-in is needed, the browser keeps it.
  const local = new BrowserPersonalStore(originStorage);
  let next = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  win.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== win.parent || event.origin !== parentOrigin) return;
    const data = event.data as {
      channel?: unknown;
      kind?: unknown;
      call?: unknown;
      ok?: unknown;
      result?: unknown;
      error?: { message?: unknown; code?: unknown; status?: unknown };
    };
    if (data?.channel !== AGENT_CHANNEL || data.kind !== 'runtime-result' || typeof data.call !== 'number')
      return;
    const waiting = pending.get(data.call);
    if (!waiting) return;
    pending.delete(data.call);
    if (data.ok === true) waiting.resolve(data.result ?? null);
    else
      waiting.reject(
        new RuntimeError(
          typeof data.error?.message === 'string' ? data.error.message : 'The call failed.',
          typeof data.error?.code === 'string' ? data.error.code : 'RUNTIME_FAILED',
          typeof data.error?.status === 'number' ? data.error.status : 502,
        ),
      );
  });

  const call = (request: StorageCall | ({ op: 'complete' } & CompleteRequest), timeoutMs: number) =>
    new Promise<unknown>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new RuntimeError('Core Vault did not answer in time.', 'RUNTIME_TIMEOUT', 504));
      }, timeoutMs);
      pending.set(id, {
        resolve: (v) => (clearTimeout(timer), resolve(v)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      win.parent.postMessage(
        { channel: AGENT_CHANNEL, v: AGENT_PROTOCOL_VERSION, kind: 'runtime', call: id, request },
        parentOrigin,
      );
    });

  return {
    storage: async (request) => {
      try {
        return (await call(request, CALL_TIMEOUT_MS.storage)) as StorageResult;
      } catch (err) {
        if (!request.shared && err instanceof RuntimeError && err.code === 'STORAGE_SIGN_IN_REQUIRED')
          return local.run(request);
        throw err;
      }
    },
    complete: (request) =>
      call({ op: 'complete', ...request }, CALL_TIMEOUT_MS.complete) as Promise<CompleteResult>,
  };
}

/** The origin's own localStorage, or null where the browser gives this (third-party) frame none. */
export function originLocalStorage(win: Window): Storage | null {
  try {
    const storage = win.localStorage;
    void storage.length; // throws where storage is blocked
    return storage;
  } catch {
    return null;
  }
}

/** A viewer's personal data in this browser, under a prefix of the artifact origin's own storage. */
export class BrowserPersonalStore {
  static readonly PREFIX = 'cv-storage:';
  private readonly memory = new Map<string, string>();

  /** `storage`: the origin's own localStorage, or null where the browser gives none (memory then). */
  constructor(private readonly storage: Storage | null) {}

  private keys(): string[] {
    if (!this.storage) return [...this.memory.keys()];
    const out: string[] = [];
    for (let i = 0; i < this.storage.length; i++) {
      const k = this.storage.key(i);
      if (k?.startsWith(BrowserPersonalStore.PREFIX)) out.push(k.slice(BrowserPersonalStore.PREFIX.length));
    }
    return out;
  }
  private read(key: string): string | null {
    return this.storage
      ? this.storage.getItem(BrowserPersonalStore.PREFIX + key)
      : (this.memory.get(key) ?? null);
  }

  run(call: StorageCall): StorageResult {
    switch (call.op) {
      case 'get': {
        const value = this.read(call.key);
        return value === null ? null : { key: call.key, value, shared: false };
      }
      case 'set': {
        const others = this.keys()
          .filter((k) => k !== call.key)
          .reduce((n, k) => n + k.length + (this.read(k)?.length ?? 0), 0);
        if (others + call.key.length + call.value.length > STORAGE_TOTAL_MAX_BYTES)
          throw new RuntimeError(
            'This artifact has used its 20 MB of storage.',
            'STORAGE_QUOTA_EXCEEDED',
            413,
          );
        try {
          if (this.storage) this.storage.setItem(BrowserPersonalStore.PREFIX + call.key, call.value);
          else this.memory.set(call.key, call.value);
        } catch {
          throw new RuntimeError(
            'The browser refused to keep more data for this artifact.',
            'STORAGE_QUOTA_EXCEEDED',
            413,
          );
        }
        return { key: call.key, value: call.value, shared: false };
      }
      case 'delete': {
        const existed = this.read(call.key) !== null;
        if (this.storage) this.storage.removeItem(BrowserPersonalStore.PREFIX + call.key);
        else this.memory.delete(call.key);
        return { key: call.key, deleted: existed, shared: false };
      }
      case 'list': {
        const keys = this.keys().filter((k) => call.prefix === null || k.startsWith(call.prefix));
        return { keys: keys.sort(), prefix: call.prefix, shared: false };
      }
    }
  }
}

async function apiCall(url: string, init: RequestInit, fetchFn: typeof fetch): Promise<unknown> {
  let res: Response;
  try {
    res = await fetchFn(url, { ...init, credentials: 'omit', mode: 'cors' });
  } catch {
    throw new RuntimeError('Core Vault could not be reached.', 'RUNTIME_UNREACHABLE', 503);
  }
  const body = (await res.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
  if (res.ok) return body;
  throw new RuntimeError(
    typeof body?.message === 'string' ? body.message : `The call failed (${res.status}).`,
    typeof body?.code === 'string' ? body.code : 'RUNTIME_FAILED',
    res.status,
  );
}

/** An embed's transport: personal in this browser, shared and AI through `api` (…/artifacts/{id}). */
export function embedTransport(
  api: string,
  originStorage: Storage | null,
  fetchFn: typeof fetch,
): RuntimeTransport {
  const personal = new BrowserPersonalStore(originStorage);
  const item = (key: string) => `${api}/storage/shared/${encodeURIComponent(key)}`;
  const json = (method: string, body?: unknown): RequestInit => ({
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });

  return {
    async storage(call) {
      if (!call.shared) return personal.run(call);
      switch (call.op) {
        case 'get':
          try {
            return (await apiCall(item(call.key), json('GET'), fetchFn)) as StorageItem;
          } catch (err) {
            if (err instanceof RuntimeError && err.code === 'STORAGE_KEY_NOT_FOUND') return null;
            throw err;
          }
        case 'set':
          return (await apiCall(item(call.key), json('PUT', { value: call.value }), fetchFn)) as StorageItem;
        case 'delete':
          return (await apiCall(item(call.key), json('DELETE'), fetchFn)) as StorageDeleted;
        case 'list': {
          const q = call.prefix === null ? '' : `?prefix=${encodeURIComponent(call.prefix)}`;
          return (await apiCall(`${api}/storage/shared${q}`, json('GET'), fetchFn)) as StorageKeys;
        }
      }
    },
    async complete(request: CompleteRequest) {
      return (await apiCall(`${api}/complete`, json('POST', request), fetchFn)) as CompleteResult;
    },
  };
}
