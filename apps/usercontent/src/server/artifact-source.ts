import {
  ARTIFACT_MESSAGES,
  type RenderableArtifact,
  renderableFromSource,
  toRenderableArtifact,
} from '@core-vault/contracts';
import { findDemoByViewId, isDemoId } from '@core-vault/demo-catalogue';

export type ArtifactLookup =
  { ok: true; artifact: RenderableArtifact } | { ok: false; status: 403 | 404 | 502; message: string };

/** The spec's view messages (§8) for what a public read can answer. */
export const LOOKUP_MESSAGES = {
  notFound: ARTIFACT_MESSAGES.notFound,
  private: ARTIFACT_MESSAGES.private,
  failed: 'Failed to load artifact',
  error: 'Error loading artifact',
  demoNotFound: 'Demo artifact not found',
} as const;

/**
 * Public artifacts for embeds and oEmbed: demos from the catalogue, everything else from the
 * gateway's anonymous read (GET /api/v1/artifacts/:id, no credentials: only public ones answer).
 */
export class ArtifactSource {
  constructor(
    private readonly gatewayUrl: string,
    private readonly timeoutMs: number,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async find(id: string): Promise<ArtifactLookup> {
    if (isDemoId(id)) {
      const demo = findDemoByViewId(id);
      if (!demo) return { ok: false, status: 404, message: LOOKUP_MESSAGES.demoNotFound };
      return { ok: true, artifact: { ...renderableFromSource('HTML', demo.content, demo.title), id } };
    }
    if (!/^[\w-]{1,100}$/.test(id)) return { ok: false, status: 404, message: LOOKUP_MESSAGES.notFound };
    let res: Response;
    try {
      res = await this.fetchFn(`${this.gatewayUrl}/api/v1/artifacts/${encodeURIComponent(id)}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      return { ok: false, status: 502, message: LOOKUP_MESSAGES.error };
    }
    if (res.status === 404) return { ok: false, status: 404, message: LOOKUP_MESSAGES.notFound };
    if (res.status === 403 || res.status === 401)
      return { ok: false, status: 403, message: LOOKUP_MESSAGES.private };
    if (!res.ok) return { ok: false, status: 502, message: LOOKUP_MESSAGES.failed };
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      return { ok: false, status: 502, message: LOOKUP_MESSAGES.error };
    }
    const raw = (body as { artifact?: unknown } | null)?.artifact;
    if (!raw || typeof raw !== 'object') return { ok: false, status: 404, message: LOOKUP_MESSAGES.notFound };
    // Only what the public read marks public is embedded, whatever the caller could see.
    if ((raw as { isPublic?: unknown }).isPublic === false)
      return { ok: false, status: 403, message: LOOKUP_MESSAGES.private };
    return { ok: true, artifact: { ...toRenderableArtifact(raw as Record<string, unknown>), id } };
  }
}
