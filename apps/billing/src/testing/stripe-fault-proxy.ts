import { once } from 'node:events';
import { type IncomingMessage, type Server, createServer } from 'node:http';

export interface ProxiedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** What the caller got: forwarded to stripe-mock, or the injected fault. */
  outcome: 'forwarded' | 'fault';
}

interface Fault {
  method: string;
  path: RegExp;
  times: number;
  status?: number;
  body?: unknown;
  delayMs?: number;
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/**
 * A tiny HTTP server in front of stripe-mock: forwards every call, records it, and on request
 * answers a chosen call with a 402/500 or too slowly — what stripe-mock itself cannot do.
 */
export class StripeFaultProxy {
  readonly requests: ProxiedRequest[] = [];
  private faults: Fault[] = [];
  private server: Server | undefined;
  url = '';

  constructor(private readonly target: string) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      void (async () => {
        const body = await readBody(req);
        const method = req.method ?? 'GET';
        const path = (req.url ?? '/').split('?')[0] as string;
        const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
        const fault = this.faults.find((f) => f.times > 0 && f.method === method && f.path.test(path));
        if (fault) {
          fault.times -= 1;
          this.requests.push({ method, path, idempotencyKey, outcome: 'fault' });
          if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
          if (res.destroyed) return;
          res.writeHead(fault.status ?? 500, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify(fault.body ?? { error: { type: 'api_error', message: 'Injected failure' } }),
          );
          return;
        }
        this.requests.push({ method, path, idempotencyKey, outcome: 'forwarded' });
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers))
          if (typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k))
            headers.set(k, v);
        const upstream = await fetch(`${this.target}${req.url ?? '/'}`, {
          method,
          headers,
          body: ['GET', 'DELETE'].includes(method) ? undefined : body,
        });
        res.writeHead(upstream.status, {
          'content-type': upstream.headers.get('content-type') ?? 'application/json',
        });
        res.end(Buffer.from(await upstream.arrayBuffer()));
      })().catch(() => {
        if (!res.headersSent) res.writeHead(502).end();
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    const { port } = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${port}`;
  }

  /** The next `times` calls of `method` on a path matching `path` get this answer instead. */
  fail(fault: Fault): void {
    this.faults.push(fault);
  }

  clearFaults(): void {
    this.faults = [];
  }

  /** Calls that reached stripe-mock (or were answered with a fault) for one user's idempotency keys. */
  callsFor(userId: string, method: string, path: RegExp, outcome: ProxiedRequest['outcome'] = 'forwarded') {
    return this.requests.filter(
      (r) =>
        r.method === method &&
        path.test(r.path) &&
        r.outcome === outcome &&
        r.idempotencyKey?.startsWith(`cv:${userId}:`),
    );
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }
}
