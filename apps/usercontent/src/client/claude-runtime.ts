/**
 * Claude's artifact runtime inside our documents (docs/reference/artifact-runtime.md): `window.storage`
 * (get/set/delete/list, personal or shared, with Claude's result shapes and limits) and
 * `window.claude.complete`, plus direct keyless calls to Anthropic's Messages API, which newer
 * Claude artifacts make. Where the calls go is the transport's business (runtime-transports.ts):
 * the app that framed us, or the vault's API for an embed.
 */

/** Claude's limits: keys under 200 characters without whitespace, slashes or quotes; 5 MB a value. */
export const STORAGE_KEY_MAX = 199;
export const STORAGE_VALUE_MAX_BYTES = 5 * 1024 * 1024;
export const STORAGE_TOTAL_MAX_BYTES = 20 * 1024 * 1024;

export interface StorageItem {
  key: string;
  value: string;
  shared: boolean;
}
export interface StorageDeleted {
  key: string;
  deleted: boolean;
  shared: boolean;
}
export interface StorageKeys {
  keys: string[];
  prefix: string | null;
  shared: boolean;
}

export type StorageCall =
  | { op: 'get'; key: string; shared: boolean }
  | { op: 'set'; key: string; value: string; shared: boolean }
  | { op: 'delete'; key: string; shared: boolean }
  | { op: 'list'; prefix: string | null; shared: boolean };

export interface CompleteRequest {
  messages: { role: 'user' | 'assistant'; content: string }[];
  system?: string;
  max_tokens?: number;
}
export interface CompleteResult {
  text: string;
  model: string;
  stopReason: string | null;
  usage: { inputTokens: number; outputTokens: number };
}

/** A refusal with the vault's error code, so the runtime can tell "AI is off here" apart. */
export class RuntimeError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'Error';
  }
}

export interface RuntimeTransport {
  storage(call: StorageCall): Promise<StorageItem | StorageDeleted | StorageKeys | null>;
  complete(request: CompleteRequest): Promise<CompleteResult>;
}

/** Codes that mean "no AI here" (rather than a failed call): the frame says so visibly. */
const AI_OFF_CODES = new Set(['AI_NOT_CONFIGURED', 'AI_CALLS_OFF']);

const utf8Length = (s: string): number => new TextEncoder().encode(s).length;

/** Claude's key rule, checked without a regex: 1–199 characters, no whitespace, slashes or quotes. */
export function storageKeyProblem(key: unknown): string | null {
  if (typeof key !== 'string' || key.length === 0) return 'Storage key must be a non-empty string.';
  if (key.length > STORAGE_KEY_MAX) return `Storage key must be under 200 characters (got ${key.length}).`;
  for (const ch of key) {
    if (ch === '/' || ch === '\\' || ch === '"' || ch === "'" || ch === '`')
      return `Storage key must not contain slashes or quotes: ${JSON.stringify(key)}.`;
    if (ch.trim() === '') return `Storage key must not contain whitespace: ${JSON.stringify(key)}.`;
  }
  return null;
}

function checkKey(key: unknown): string {
  const problem = storageKeyProblem(key);
  if (problem) throw new RuntimeError(problem, 'STORAGE_KEY_INVALID');
  return key as string;
}

/** Values are text; objects are kept as their JSON (what Claude's artifacts read back). */
function asText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (typeof text !== 'string')
    throw new RuntimeError('Storage value must be text or JSON.', 'STORAGE_VALUE_INVALID');
  if (utf8Length(text) > STORAGE_VALUE_MAX_BYTES)
    throw new RuntimeError('Storage value is larger than 5 MB.', 'STORAGE_VALUE_TOO_LARGE', 413);
  return text;
}

/** `window.claude.complete(prompt)` and its `{ messages }` form, as Anthropic's content blocks or text. */
export function toCompleteRequest(input: unknown): CompleteRequest {
  if (typeof input === 'string') return { messages: [{ role: 'user', content: input }] };
  if (input && typeof input === 'object') {
    const raw = input as { messages?: unknown; system?: unknown; max_tokens?: unknown; prompt?: unknown };
    if (typeof raw.prompt === 'string') return { messages: [{ role: 'user', content: raw.prompt }] };
    if (Array.isArray(raw.messages)) {
      const messages = raw.messages.map((m: unknown) => {
        const msg = (m ?? {}) as { role?: unknown; content?: unknown };
        const role = msg.role === 'assistant' ? 'assistant' : 'user';
        return { role, content: contentText(msg.content) } as const;
      });
      return {
        messages,
        ...(typeof raw.system === 'string' ? { system: raw.system } : {}),
        ...(typeof raw.max_tokens === 'number' ? { max_tokens: raw.max_tokens } : {}),
      };
    }
  }
  throw new RuntimeError(
    'window.claude.complete takes a prompt (text) or { messages }.',
    'AI_REQUEST_INVALID',
  );
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((block: unknown) => {
        const b = (block ?? {}) as { type?: unknown; text?: unknown };
        return b.type === 'text' && typeof b.text === 'string' ? b.text : '';
      })
      .join('');
  return content === undefined || content === null ? '' : JSON.stringify(content);
}

const ANTHROPIC_MESSAGES = 'https://api.anthropic.com/v1/messages';

/** An Anthropic Messages API error body, as the SDKs and artifacts expect it. */
function anthropicError(status: number, message: string): Response {
  const type =
    status === 429
      ? 'rate_limit_error'
      : status === 403
        ? 'permission_error'
        : status === 400
          ? 'invalid_request_error'
          : 'api_error';
  return new Response(JSON.stringify({ type: 'error', error: { type, message } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export interface RuntimeOptions {
  transport: RuntimeTransport;
  /** Shows, once, that this artifact asks an AI model and AI calls are off here. */
  onAiOff: (message: string) => void;
}

/** Installs window.storage, window.claude and the Anthropic fetch path on `win`. */
export function installClaudeRuntime(win: Window, { transport, onAiOff }: RuntimeOptions): void {
  const storage = {
    async get(key: unknown, shared = false) {
      return transport.storage({ op: 'get', key: checkKey(key), shared: shared === true });
    },
    async set(key: unknown, value: unknown, shared = false) {
      return transport.storage({
        op: 'set',
        key: checkKey(key),
        value: asText(value),
        shared: shared === true,
      });
    },
    async delete(key: unknown, shared = false) {
      return transport.storage({ op: 'delete', key: checkKey(key), shared: shared === true });
    },
    async list(prefix?: unknown, shared = false) {
      const p = typeof prefix === 'string' && prefix !== '' ? prefix : null;
      return transport.storage({ op: 'list', prefix: p, shared: shared === true });
    },
  };

  const complete = async (input: unknown): Promise<CompleteResult> => {
    try {
      return await transport.complete(toCompleteRequest(input));
    } catch (err) {
      if (err instanceof RuntimeError && AI_OFF_CODES.has(err.code)) onAiOff(err.message);
      throw err;
    }
  };

  const claude = {
    complete: async (input: unknown): Promise<string> => (await complete(input)).text,
  };
  Object.defineProperty(win, 'storage', { value: Object.freeze(storage), configurable: true });
  Object.defineProperty(win, 'claude', { value: Object.freeze(claude), configurable: true });

  // Newer Claude artifacts call the Messages API directly and without a key (claude.ai answers
  // those calls for them): the same path as window.claude.complete, in Anthropic's shapes.
  const nativeFetch = win.fetch.bind(win);
  const patched = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(ANTHROPIC_MESSAGES)) return nativeFetch(input, init);
    let body: unknown;
    try {
      const raw = init?.body ?? (input instanceof Request ? await input.text() : undefined);
      body = JSON.parse(typeof raw === 'string' ? raw : '');
    } catch {
      return anthropicError(400, 'The request body must be JSON.');
    }
    try {
      const result = await complete(body);
      return new Response(
        JSON.stringify({
          id: `msg_vault_${Date.now().toString(36)}`,
          type: 'message',
          role: 'assistant',
          model: result.model,
          content: [{ type: 'text', text: result.text }],
          stop_reason: result.stopReason ?? 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: result.usage.inputTokens, output_tokens: result.usage.outputTokens },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    } catch (err) {
      const status = err instanceof RuntimeError ? err.status : 502;
      return anthropicError(status, err instanceof Error ? err.message : 'AI call failed.');
    }
  };
  Object.defineProperty(win, 'fetch', { value: patched, configurable: true, writable: true });
}

/** The small notice a frame shows when its artifact asks an AI model and AI calls are off here. */
export function showAiOffNotice(doc: Document, message: string): void {
  if (doc.querySelector('[data-cv-ai-notice]')) return;
  const show = () => {
    const box = doc.createElement('div');
    box.setAttribute('data-cv-ai-notice', '');
    box.setAttribute('role', 'status');
    box.style.cssText =
      'position:fixed;left:8px;right:8px;top:8px;z-index:2147483647;padding:8px 12px;border-radius:8px;' +
      'background:#fff8e6;color:#1c2333;border:1px solid #e5a50a;font:14px/1.4 system-ui,sans-serif;' +
      'box-shadow:0 2px 8px rgba(0,0,0,.15);display:flex;gap:8px;align-items:center';
    const text = doc.createElement('span');
    text.textContent = `This artifact asks an AI model, and AI calls are off here. ${message}`.trim();
    const close = doc.createElement('button');
    close.type = 'button';
    close.textContent = '×';
    close.setAttribute('aria-label', 'Dismiss');
    close.style.cssText =
      'margin-left:auto;border:0;background:none;font:inherit;font-size:18px;cursor:pointer';
    close.addEventListener('click', () => box.remove());
    box.append(text, close);
    doc.body.append(box);
  };
  if (doc.body) show();
  else doc.addEventListener('DOMContentLoaded', show, { once: true });
}
