/** A tiny HTTP client for the suites: JSON in and out, cookies and tokens by hand. */
export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
  /** `name=value` of each Set-Cookie, and the raw lines. */
  cookies: Record<string, string>;
  setCookie: string[];
}

export interface CallOptions {
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  /** A raw body (malformed JSON tests); otherwise `body` is JSON-encoded. */
  raw?: string;
}

export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  if (options.cookie) headers['cookie'] = options.cookie;
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: options.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await res.text();
  const setCookie = res.headers.getSetCookie();
  const cookies: Record<string, string> = {};
  for (const line of setCookie) {
    const [pair] = line.split(';');
    const eq = (pair ?? '').indexOf('=');
    if (eq > 0) cookies[(pair ?? '').slice(0, eq)] = (pair ?? '').slice(eq + 1);
  }
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : {}) as T,
    headers: res.headers,
    cookies,
    setCookie,
  };
}

interface SinkMessage {
  to: string[];
  subject: string;
  text: string;
  html: string | null;
}

/** The newest mail to an address in the local SMTP sink, as its HTTP API returns it. */
export async function latestMail(mailApiUrl: string, to: string): Promise<SinkMessage | undefined> {
  const res = await fetch(`${mailApiUrl}/api/messages?to=${encodeURIComponent(to)}`);
  const list = (await res.json()) as SinkMessage[];
  return list[0];
}

export async function mailCount(mailApiUrl: string, to: string): Promise<number> {
  const res = await fetch(`${mailApiUrl}/api/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as SinkMessage[]).length;
}

/** The 6-digit code in a mail's text. */
export function codeIn(mail: SinkMessage | undefined): string {
  const match = /\b(\d{6})\b/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no code in mail: ${JSON.stringify(mail)}`);
  return match[1] as string;
}
