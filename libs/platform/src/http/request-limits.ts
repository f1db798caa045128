import { type IncomingMessage } from 'node:http';

/**
 * What every service accepts before a handler sees a request (docs/reference/api.md, "Request
 * limits"). Anything beyond is the client's mistake and gets a precise 4xx, never a 5xx.
 */
export const REQUEST_LIMITS = {
  /** Deepest JSON nesting accepted; real bodies (Stripe events included) stay far below. */
  jsonMaxDepth: 64,
  /** Methods the APIs use; anything else (TRACE, CONNECT, WebDAV verbs…) is a 405. */
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  /** Methods whose requests carry no body here; one that does is refused, not silently dropped. */
  bodilessMethods: ['GET', 'HEAD', 'DELETE'],
} as const;

/** body-parser's `type` for the errors this file raises; ErrorFilter turns them into 4xx bodies. */
export const JSON_TOO_DEEP = 'entity.too.deep';

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** Bytes of a body-parser style limit ('100kb', '2.5mb', or a number of bytes). */
export function byteSize(limit: string | number): number {
  if (typeof limit === 'number') return limit;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(limit);
  if (!match) throw new Error(`not a byte size: ${limit}`);
  return Math.floor(Number(match[1]) * (UNITS[(match[2] ?? 'b').toLowerCase()] ?? 1));
}

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests deeper than `max`, by one pass over the bytes: no parsing, no
 * recursion, so a hostile 100,000-level body costs what its length costs. Brackets inside strings
 * do not count. Invalid JSON is left to the parser to refuse.
 */
export function exceedsJsonDepth(body: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) depth--;
  }
  return false;
}

/** Whether a request says it carries a body (a non-zero length, or a chunked one). */
export function declaresBody(req: Pick<IncomingMessage, 'headers'>): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The path of a request without its query string or a trailing slash. */
export function requestPath(url: string | undefined): string {
  const path = (url ?? '/').split('?')[0] ?? '/';
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
