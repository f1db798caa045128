import {
  ARTIFACT_MESSAGES,
  type RenderableArtifact,
  type ShareSubject,
  renderableFromSource,
  toRenderableArtifact,
} from '@core-vault/contracts';
import { findDemoByViewId, isDemoId } from '@core-vault/demo-catalogue';

export type ArtifactLookup =
  | {
      ok: true;
      artifact: RenderableArtifact;
      /** What the link-preview tags say (public fields only); `card` when it has a preview image. */
      share: ShareSubject & { card: boolean };
      /** The gateway's ETag of the read (none for demos): `unchanged` revalidates with it. */
      etag?: string;
    }
  | { ok: false; status: 403 | 404 | 502; message: string };

/** The spec's view messages (§8) for what a public read can answer. */
export const LOOKUP_MESSAGES = {
  notFound: ARTIFACT_MESSAGES.notFound,
  private: ARTIFACT_MESSAGES.private,
  failed: 'Failed to load artifact',
  error: 'Error loading artifact',
  demoNotFound: 'Demo artifact not found',
  versionNotFound: ARTIFACT_MESSAGES.versionNotFound,
} as const;

/** `?v=N` of an embed or oEmbed URL: a positive whole number. */
export const PINNED_VERSION = /^[1-9]\d{0,14}$/;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

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

  private readUrl(id: string, pinned: number | undefined): string {
    const query = pinned ? `?v=${pinned}` : '';
    return `${this.gatewayUrl}/api/v1/artifacts/${encodeURIComponent(id)}${query}`;
  }

  /**
   * True when the gateway's read of the artifact (version) still has ETag `etag`: a conditional
   * read, answered 304 without a body. Anything else (changed, private, gone, failing) is false,
   * and the caller reads it again with `find`.
   */
  async unchanged(id: string, pinned: number | undefined, etag: string): Promise<boolean> {
    if (isDemoId(id) || !/^[\w-]{1,100}$/.test(id)) return false;
    try {
      const res = await this.fetchFn(this.readUrl(id, pinned), {
        headers: { accept: 'application/json', 'if-none-match': etag },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await res.body?.cancel();
      return res.status === 304;
    } catch {
      return false;
    }
  }

  /** The artifact, or with `pinned` its version N (the gateway's pinned read, same access rules). */
  async find(id: string, pinned?: number): Promise<ArtifactLookup> {
    if (isDemoId(id)) {
      const demo = findDemoByViewId(id);
      if (!demo) return { ok: false, status: 404, message: LOOKUP_MESSAGES.demoNotFound };
      return {
        ok: true,
        artifact: { ...renderableFromSource('HTML', demo.content, demo.title), id },
        // Demos are no stored artifacts: no preview image.
        share: { id, title: demo.title, type: 'HTML', content: demo.content, card: false },
      };
    }
    if (!/^[\w-]{1,100}$/.test(id)) return { ok: false, status: 404, message: LOOKUP_MESSAGES.notFound };
    let res: Response;
    try {
      res = await this.fetchFn(this.readUrl(id, pinned), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      return { ok: false, status: 502, message: LOOKUP_MESSAGES.error };
    }
    if (res.status === 404) {
      // A pinned read of a public artifact whose version is gone says so.
      const body: unknown = pinned ? await res.json().catch(() => null) : null;
      const gone = (body as { message?: unknown } | null)?.message === LOOKUP_MESSAGES.versionNotFound;
      return {
        ok: false,
        status: 404,
        message: gone ? LOOKUP_MESSAGES.versionNotFound : LOOKUP_MESSAGES.notFound,
      };
    }
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
    const fields = raw as Record<string, unknown>;
    const artifact = { ...toRenderableArtifact(fields), id };
    const description = text(fields['description']);
    const share: ShareSubject & { card: boolean } = {
      id,
      title: artifact.title,
      type: artifact.type,
      content: artifact.content,
      ...(description !== undefined ? { description } : {}),
      ...(fields['indexable'] === true ? { indexable: true } : {}),
      card: true,
    };
    const etag = res.headers.get('etag') ?? undefined;
    return { ok: true, artifact, share, ...(etag ? { etag } : {}) };
  }
}
