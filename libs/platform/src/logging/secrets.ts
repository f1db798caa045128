/**
 * Credentials in free text: personal access keys (`cvpat_…`, and `cvp_…` issued before), device
 * codes of a CLI sign-in (`cvdc_…`), session JWTs (`eyJ….eyJ….…`) and refresh cookie values (`ses_….<token>`), found by their shape in any
 * text a client controls (URLs, header values, bodies, error messages), also when percent-encoded
 * (once or nested) or inside a base64 blob. Every scan is one pass over the text with fixed-size
 * look-aheads — no regular expression runs over untrusted text, so a hostile line costs linear time.
 */

/** What stands in for a secret in the logs. */
export const REDACTED = '[REDACTED]';

/** A key's tail after its prefix: a real one has 43 characters; a truncated one still leaks. */
const MIN_KEY_TAIL = 8;
/** Each of a JWT's first two parts (base64url JSON: `{"` is `eyJ`). */
const MIN_JWT_PART = 10;
/** The token half of a refresh cookie value (43 characters when whole). */
const MIN_REFRESH_TAIL = 32;
/** A base64 blob shorter than this cannot hold a key worth finding. */
const MIN_BASE64_RUN = 16;
/** `%2525…` decodes one level per round; three covers any client that encoded twice. */
const MAX_DECODE_ROUNDS = 3;
/** `cvp` in base64 at each of the three byte alignments (the characters that do not depend on neighbours). */
const BASE64_KEY_MARKS = ['Y3Zw', 'N2cF', 'N2cG', 'jdnB'];
/** Cheap first look: a text with none of these holds nothing the scan would find. */
const MARKS = ['cvp', 'cvdc_', 'eyJ', 'ses_', '%', ...BASE64_KEY_MARKS];

/** base64url characters: A-Z a-z 0-9 _ - */
function isTokenChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

/** What a redacted stretch may span: token characters, the dots of a JWT, percent escapes. */
function isRunChar(c: number): boolean {
  return isTokenChar(c) || c === 46 || c === 37;
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** One level of `%XX` decoding (byte by byte, never throws); other characters stay as they are. */
function decodePercentOnce(text: string): string {
  let out = '';
  let last = 0;
  for (let i = text.indexOf('%'); i >= 0 && i + 2 < text.length; i = text.indexOf('%', i + 1)) {
    const hi = hexValue(text.charCodeAt(i + 1));
    const lo = hexValue(text.charCodeAt(i + 2));
    if (hi < 0 || lo < 0) continue;
    out += text.slice(last, i) + String.fromCharCode(hi * 16 + lo);
    last = i + 3;
    i += 2;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** Percent-decoded until stable (at most MAX_DECODE_ROUNDS levels); `+` is a space, as in forms. */
export function decodePercent(text: string): string {
  let decoded = text.includes('+') ? text.replaceAll('+', ' ') : text;
  for (let round = 0; round < MAX_DECODE_ROUNDS && decoded.includes('%'); round++) {
    const next = decodePercentOnce(decoded);
    if (next === decoded) break;
    decoded = next;
  }
  return decoded;
}

/** Token characters at `from`, counted up to `max` only (so a caller's look-ahead is bounded). */
function tokenCharsAt(text: string, from: number, max: number): number {
  let n = 0;
  while (n < max && from + n < text.length && isTokenChar(text.charCodeAt(from + n))) n++;
  return n;
}

/**
 * A personal access key anywhere in the text: `cvpat_` or `cvp_`, then at least 8 key characters;
 * or a device code (`cvdc_`, the CLI's secret while it waits for approval), likewise.
 */
function hasKey(text: string): boolean {
  for (let at = text.indexOf('cvp'); at >= 0; at = text.indexOf('cvp', at + 1)) {
    let tail = at + 3;
    if (text.startsWith('at_', tail)) tail += 3;
    else if (text.charCodeAt(tail) === 95) tail += 1;
    else continue;
    if (tokenCharsAt(text, tail, MIN_KEY_TAIL) >= MIN_KEY_TAIL) return true;
  }
  for (let at = text.indexOf('cvdc_'); at >= 0; at = text.indexOf('cvdc_', at + 1))
    if (tokenCharsAt(text, at + 5, MIN_KEY_TAIL) >= MIN_KEY_TAIL) return true;
  return false;
}

export interface SecretScan {
  /** Also look inside base64 blobs (logs: yes; a query's opaque cursor: no, its title may say anything). */
  base64?: boolean;
}

/**
 * Whether already-decoded text holds a credential. One walk over the stretches of token
 * characters: a JWT is two stretches joined by a dot, each long enough and starting with `eyJ`;
 * a refresh cookie is `ses_…` joined by a dot to a long stretch; a base64 stretch is decoded once.
 */
export function holdsSecret(text: string, scan: SecretScan = {}): boolean {
  if (hasKey(text)) return true;
  let prevEnd = -2;
  let prevJwtHead = false;
  let prevSession = false;
  for (let i = 0; i < text.length;) {
    if (!isTokenChar(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < text.length && isTokenChar(text.charCodeAt(i))) i++;
    const length = i - start;
    if (prevEnd === start - 1 && text.charCodeAt(prevEnd) === 46) {
      if (prevJwtHead && length >= MIN_JWT_PART && text.startsWith('eyJ', start)) return true;
      if (prevSession && length >= MIN_REFRESH_TAIL) return true;
    }
    prevEnd = i;
    prevJwtHead = length >= MIN_JWT_PART && text.startsWith('eyJ', start);
    prevSession = length > 4 && text.startsWith('ses_', start);
    if (scan.base64 && length >= MIN_BASE64_RUN) {
      const run = text.slice(start, i);
      if (
        BASE64_KEY_MARKS.some((m) => run.includes(m)) &&
        hasKey(Buffer.from(run, 'base64').toString('latin1'))
      )
        return true;
    }
  }
  return false;
}

/** Whether the text may hold a secret at all (a few substring checks; most log lines stop here). */
export function mayHoldSecret(text: string): boolean {
  return MARKS.some((m) => text.includes(m));
}

/**
 * The text with every stretch that holds a credential replaced by [REDACTED]. A stretch is a run
 * of token characters, dots and percent escapes (so `Bearer%20cvpat_…` and a whole JWT go as
 * one), judged after percent-decoding. Safe inside serialized JSON: stretches never include
 * quotes, backslashes or structure, and the replacement has none.
 */
export function redactSecrets(text: string): string {
  if (!mayHoldSecret(text)) return text;
  let out = '';
  let last = 0;
  for (let i = 0; i < text.length;) {
    if (!isRunChar(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < text.length && isRunChar(text.charCodeAt(i))) i++;
    const run = text.slice(start, i);
    if (holdsSecret(decodePercent(run), { base64: true })) {
      out += text.slice(last, start) + REDACTED;
      last = i;
    }
  }
  return last === 0 ? text : out + text.slice(last);
}

/**
 * Query parameters whose value is a credential whatever it looks like (names compared in lower
 * case, after decoding). Shape-based detection catches keys and tokens under any other name.
 */
export const CREDENTIAL_PARAM_NAMES: ReadonlySet<string> = new Set([
  'access_token',
  'api_key',
  'apikey',
  'authorization',
]);

/** Parameters never logged in clear, on top of the credential names (codes, passwords, secrets). */
const SENSITIVE_PARAM_NAMES: ReadonlySet<string> = new Set([
  ...CREDENTIAL_PARAM_NAMES,
  'token',
  'refresh_token',
  'id_token',
  'key',
  'password',
  'secret',
  'code',
  'session_id',
  // A device sign-in's codes (RFC 8628): the device's secret, and the code a person approves.
  'device_code',
  'user_code',
  'sig',
  'signature',
]);

export interface QueryParam {
  /** Decoded name. */
  name: string;
  /** Decoded value. */
  value: string;
  /** The raw `name=value` text and where it starts in the query. */
  raw: string;
  offset: number;
}

/** The parameters of a raw query string (no `?`), split on `&` and `;`, decoded; one pass. */
export function queryParams(query: string): QueryParam[] {
  const params: QueryParam[] = [];
  let start = 0;
  for (let i = 0; i <= query.length; i++) {
    const c = i < query.length ? query.charCodeAt(i) : 38;
    if (c !== 38 && c !== 59) continue;
    if (i > start) {
      const raw = query.slice(start, i);
      const eq = raw.indexOf('=');
      params.push({
        name: decodePercent(eq < 0 ? raw : raw.slice(0, eq)),
        value: eq < 0 ? '' : decodePercent(raw.slice(eq + 1)),
        raw,
        offset: start,
      });
    }
    start = i + 1;
  }
  return params;
}

/**
 * The first query parameter that carries a credential — a key or an access token by its shape,
 * in its value or its name, or any value under a credential's name (`access_token`…) — else
 * undefined. For refusing such requests before anything else reads them.
 */
export function credentialInQuery(url: string): QueryParam | undefined {
  const q = url.indexOf('?');
  if (q < 0 || q === url.length - 1) return undefined;
  for (const param of queryParams(url.slice(q + 1))) {
    if (CREDENTIAL_PARAM_NAMES.has(param.name.toLowerCase()) && param.value !== '') return param;
    if (holdsSecret(param.value) || holdsSecret(param.name)) return param;
  }
  return undefined;
}

/**
 * A URL as the logs may write it: the values of sensitive parameters (passwords, codes, tokens…)
 * replaced whatever they are, then every credential found by its shape, anywhere in it.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return redactSecrets(url);
  const query = url.slice(q + 1);
  let out = url.slice(0, q + 1);
  let last = 0;
  for (const param of queryParams(query)) {
    if (!SENSITIVE_PARAM_NAMES.has(param.name.toLowerCase())) continue;
    const eq = param.raw.indexOf('=');
    if (eq < 0 || eq === param.raw.length - 1) continue;
    out += query.slice(last, param.offset + eq + 1) + REDACTED;
    last = param.offset + param.raw.length;
  }
  return redactSecrets(out + query.slice(last));
}
