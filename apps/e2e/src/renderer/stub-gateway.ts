import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
} from 'node:http';

export interface StubArtifact {
  id: string;
  title: string;
  type: string;
  content: string;
  /** The sanitized form as the artifacts service would store it (raw here for hostile fixtures). */
  rendered: string | null;
  renderError?: string | null;
  securityWarning?: string | null;
  isPublic: boolean;
  /** The owner allowed outbound network (the frame's and the embed's CSP follow it). */
  allowNetwork?: boolean;
  /** The owner's frame height (null or absent: automatic). */
  frameHeight?: number | 'viewport' | null;
  owner?: string;
  tags?: string[];
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/**
 * Stands in for the gateway's public read (GET /api/v1/artifacts/:id) while the artifacts
 * service is being built: public artifacts answer 200, private ones 403, unknown ids 404. Every
 * request is recorded so tests can see what reached "the API" and with which credentials.
 */
export class StubGateway {
  readonly artifacts = new Map<string, StubArtifact>();
  readonly seen: SeenRequest[] = [];
  private server: Server | null = null;
  /**
   * The SPA's index.html, which the real gateway serves for /view/{id} with the artifact's link
   * tags (the web server sends /view/* to it): the stub answers it as is.
   */
  private spaIndexFile: string | null = null;

  serveSpaIndex(file: string): void {
    this.spaIndexFile = file;
  }

  add(...artifacts: StubArtifact[]): void {
    for (const a of artifacts) this.artifacts.set(a.id, a);
  }

  /**
   * The upload preview. The real service sanitizes (apps/artifacts, tested there and end to end);
   * the stub answers the source itself as the stored form, the worst case for the renderer.
   */
  private preview(req: IncomingMessage, res: ServerResponse): void {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const { type, content } = JSON.parse(raw) as { type: string; content: string };
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          type,
          rendered: type === 'HTML' || type === 'SVG' ? content : null,
          renderError: null,
          securityWarning: null,
        }),
      );
    });
  }

  async start(port: number): Promise<string> {
    this.server = createServer((req, res) => {
      this.seen.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers });
      if (req.method === 'POST' && req.url === '/api/v1/artifacts/preview') return this.preview(req, res);
      // The cookie-less view beacon that embeds and the /view page send (analytics, #20): the
      // real gateway answers 204 to any origin; its counting is tested with the real services.
      if (req.method === 'POST' && req.url === '/api/v1/analytics/beacon') {
        req.resume();
        res.writeHead(204, { 'Access-Control-Allow-Origin': '*' });
        return res.end();
      }
      if (req.method === 'GET' && /^\/view(\/|\?|$)/.test(req.url ?? '') && this.spaIndexFile) {
        // With the real gateway's framing headers (apps/gateway/src/share-page): the app is never framed.
        res.writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-cache',
          'Content-Security-Policy': "frame-ancestors 'none'",
          'X-Frame-Options': 'DENY',
        });
        return res.end(readFileSync(this.spaIndexFile));
      }
      const match = /^\/api\/v1\/artifacts\/([^/?]+)/.exec(req.url ?? '');
      const artifact =
        match && req.method === 'GET'
          ? this.artifacts.get(decodeURIComponent(match[1] as string))
          : undefined;
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!match) return send(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
      if (!artifact)
        return send(404, { statusCode: 404, code: 'ARTIFACT_NOT_FOUND', message: 'Artifact not found' });
      if (!artifact.isPublic)
        return send(403, { statusCode: 403, code: 'ARTIFACT_PRIVATE', message: 'This artifact is private' });
      const now = new Date('2025-06-01T12:00:00.000Z').toISOString();
      send(200, {
        artifact: {
          renderError: null,
          securityWarning: null,
          description: '',
          tags: [],
          revision: 1,
          latestVersion: 1,
          indexable: false,
          metadata: { claudeVersion: 'claude-sonnet-4', extractedAt: now, size: artifact.content.length },
          version: 1,
          createdAt: now,
          updatedAt: now,
          ...artifact,
        },
      });
    });
    this.server.listen(port, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }
}
