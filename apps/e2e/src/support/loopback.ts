import { request as httpRequest } from 'node:http';

/**
 * GET a renderer URL on any of its origins (`http://{label}.localhost:{port}/…`) from Node, whose
 * resolver may not know `*.localhost` (Chromium resolves it itself): the request goes to loopback
 * with the URL's Host. Redirects are not followed.
 */
export function getOnLoopback(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const target = new URL(url);
  return new Promise<Response>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        path: `${target.pathname}${target.search}`,
        headers: { ...headers, host: target.host },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers))
            if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : v);
          const status = res.statusCode ?? 0;
          resolve(new Response(status === 304 ? null : Buffer.concat(chunks), { status, headers: out }));
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** getOnLoopback, following up to five redirects (the renderer sends embeds to their origin). */
export async function getFollowingOnLoopback(
  url: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  let at = url;
  for (let hop = 0; hop < 5; hop++) {
    const res = await getOnLoopback(at, headers);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status > 399 || !location) return res;
    at = new URL(location, at).href;
  }
  throw new Error(`more than five redirects from ${url}`);
}
