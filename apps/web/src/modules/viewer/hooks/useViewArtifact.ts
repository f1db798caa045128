import { type ArtifactType, type RenderableArtifact, toRenderableArtifact } from '@core-vault/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { VIEW_MESSAGES as M } from '../messages';
import { type ViewerSession } from '../session';

/** What the view page shows about one artifact. */
export interface ViewArtifact {
  id: string;
  title: string;
  type: ArtifactType;
  createdAt: string;
  isPublic: boolean;
  isDemo: boolean;
  owner: string | null;
  viewCount: number | null;
  tags: string[];
  /** Markdown-lite text, '' when the owner wrote none. */
  description: string;
  /** The content version shown, and the current one (they differ on a pinned link, ?v=N). */
  version: number | null;
  latestVersion: number | null;
  /** True when the link asked for a version (?v=N). */
  pinned: boolean;
  /** Where a capture came from (the browser extension's metadata.source); null for uploads. */
  source: CaptureSource | null;
  /** Visitors may save a copy (the owner's setting); false for demos. */
  allowRemix: boolean;
  /** The original this artifact is a copy of ("Remixed from"); null when it is none. */
  remixedFrom: RemixOrigin | null;
  /** The owner's counters (null for anyone else, who is not told them). */
  downloadCount: number | null;
  remixCount: number | null;
  renderable: RenderableArtifact;
}

export interface RemixOrigin {
  artifactId: string;
  title: string;
  ownerName: string | null;
}

export interface CaptureSource {
  site: string;
  assistant: string | null;
  model: string | null;
}

export type ViewState =
  | { status: 'invalid' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'empty' }
  | { status: 'loaded'; artifact: ViewArtifact };

export const DEMO_PREFIX = 'demo-';

/** Built-in demos, loaded on demand so the catalogue is not in the main bundle. */
async function loadDemo(viewId: string): Promise<ViewState> {
  try {
    const { findDemo } = await import('@core-vault/demo-catalogue');
    const demo = findDemo(viewId.slice(DEMO_PREFIX.length));
    if (!demo) return { status: 'error', message: M.demoNotFound };
    const now = new Date().toISOString();
    const renderable: RenderableArtifact = {
      id: viewId,
      title: demo.title,
      type: 'HTML',
      content: demo.content,
      // Trusted built-in content: shown as written (its own scripts make it interactive).
      rendered: demo.content,
      renderError: null,
      securityWarning: null,
    };
    return {
      status: 'loaded',
      artifact: {
        id: viewId,
        title: demo.title,
        type: 'HTML',
        createdAt: now,
        isPublic: true,
        isDemo: true,
        owner: null,
        viewCount: null,
        tags: demo.tags,
        description: '',
        version: null,
        latestVersion: null,
        pinned: false,
        source: null,
        allowRemix: false,
        remixedFrom: null,
        downloadCount: null,
        remixCount: null,
        renderable,
      },
    };
  } catch {
    return { status: 'error', message: M.demoFailed };
  }
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The capture's provenance, read defensively like the rest of the answer. */
function captureSource(metadata: unknown): CaptureSource | null {
  const source = (metadata as { source?: unknown } | null)?.source;
  if (!source || typeof source !== 'object') return null;
  const s = source as Record<string, unknown>;
  const site = text(s['site']);
  return site ? { site, assistant: text(s['assistant']), model: text(s['model']) } : null;
}

const stringArray = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
const count = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;

/** The "Remixed from" link, read defensively like the rest of the answer. */
function remixOrigin(v: unknown): RemixOrigin | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const artifactId = text(o['artifactId']);
  if (!artifactId) return null;
  return { artifactId, title: text(o['title']) ?? 'Untitled', ownerName: text(o['ownerName']) };
}

const positiveInt = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;

/**
 * The version a link pins (?v=N): null when the link follows the latest, NaN when ?v= is there but
 * is not a positive integer (no such version can exist: the page says so without asking).
 */
export function pinnedVersion(search: string): number | null {
  const raw = new URLSearchParams(search).get('v');
  if (raw === null) return null;
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : Number.NaN;
}

/** The answer's own message (the server tells an unknown version from an unknown artifact). */
async function messageOf(res: Response): Promise<string | null> {
  try {
    const body: unknown = await res.json();
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/v1/artifacts/:id (or ?v=N, a pinned version) through the gateway; maps every answer
 * to a view state (spec §8). A pinned version that does not exist (never made, or pruned) is
 * 'Version not found'; a private artifact answers as it does unpinned.
 */
export async function fetchArtifact(
  id: string,
  token: string | null,
  signal: AbortSignal,
  fetchImpl: typeof fetch = fetch,
  version: number | null = null,
): Promise<ViewState> {
  if (version !== null && Number.isNaN(version)) return { status: 'error', message: M.versionNotFound };
  let res: Response;
  try {
    const query = version === null ? '' : `?v=${version}`;
    res = await fetchImpl(`/api/v1/artifacts/${encodeURIComponent(id)}${query}`, {
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal,
    });
  } catch (err) {
    if (signal.aborted) throw err;
    return { status: 'error', message: M.network };
  }
  if (res.status === 404) {
    const versionMissing = version !== null && (await messageOf(res)) === M.versionNotFound;
    return { status: 'error', message: versionMissing ? M.versionNotFound : M.notFound };
  }
  if (res.status === 403) return { status: 'error', message: M.private };
  if (!res.ok) return { status: 'error', message: M.failed };
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return { status: 'error', message: M.network };
  }
  const raw = (body as { artifact?: unknown } | null)?.artifact;
  if (!raw || typeof raw !== 'object') return { status: 'empty' };
  const a = raw as Record<string, unknown>;
  const renderable = toRenderableArtifact(a);
  const createdAt = typeof a['createdAt'] === 'string' ? a['createdAt'] : new Date().toISOString();
  return {
    status: 'loaded',
    artifact: {
      id,
      title: renderable.title,
      type: renderable.type,
      createdAt,
      isPublic: a['isPublic'] === true,
      isDemo: false,
      owner: typeof a['owner'] === 'string' ? a['owner'] : null,
      viewCount: typeof a['viewCount'] === 'number' ? a['viewCount'] : null,
      tags: stringArray(a['tags']),
      description: typeof a['description'] === 'string' ? a['description'] : '',
      version: positiveInt(a['version']),
      latestVersion: positiveInt(a['latestVersion']) ?? positiveInt(a['version']),
      pinned: version !== null,
      source: captureSource(a['metadata']),
      // Absent on answers from before the switch existed: copies were allowed.
      allowRemix: a['allowRemix'] !== false,
      remixedFrom: remixOrigin(a['remixedFrom']),
      downloadCount: count(a['downloadCount']),
      remixCount: count(a['remixCount']),
      renderable,
    },
  };
}

export interface ViewArtifactLoad {
  state: ViewState;
  /**
   * Reads the artifact again (after the owner saved an edit or restored a version): the page keeps
   * showing what it has until the stored artifact arrives, with no reload and no loading screen.
   */
  reload: () => void;
}

/**
 * The view page's load flow (spec §4): demos from the catalogue, others from the server once the
 * session is known. A superseded load (id or pinned version changed, page left, a newer reload)
 * is aborted and its result ignored.
 */
export function useViewArtifact(
  id: string | undefined,
  session: ViewerSession,
  onLoaded?: (info: { id: string; title: string; type: ArtifactType }) => void,
  fetchImpl?: typeof fetch,
  version: number | null = null,
): ViewArtifactLoad {
  const [state, setState] = useState<ViewState>(id ? { status: 'loading' } : { status: 'invalid' });
  // Bumped by reload(): the same artifact read again, shown in place.
  const [generation, setGeneration] = useState(0);
  const loadedGeneration = useRef(generation);
  const waitForSession = !id?.startsWith(DEMO_PREFIX) && session.loading;
  const token = session.accessToken;
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  useEffect(() => {
    if (!id) {
      setState({ status: 'invalid' });
      return;
    }
    // A reload keeps the artifact on screen; a new id, version or session starts from loading.
    const inPlace = generation !== loadedGeneration.current;
    loadedGeneration.current = generation;
    if (!inPlace) setState({ status: 'loading' });
    if (waitForSession) return;
    const controller = new AbortController();
    let current = true;
    const load = id.startsWith(DEMO_PREFIX)
      ? loadDemo(id)
      : fetchArtifact(id, token, controller.signal, fetchImpl, version);
    load.then(
      (next) => {
        if (!current) return;
        // In place, only the stored artifact replaces the shown one (a failed read keeps it), and
        // it is not a new view: onLoaded is told once per artifact opened.
        if (inPlace) {
          if (next.status === 'loaded') setState(next);
          return;
        }
        setState(next);
        if (next.status === 'loaded')
          onLoaded?.({ id, title: next.artifact.title, type: next.artifact.type });
      },
      () => undefined,
    );
    return () => {
      current = false;
      controller.abort();
    };
    // onLoaded is a notification only: a new callback identity must not reload the artifact.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, waitForSession, token, fetchImpl, version, generation]);

  return { state, reload };
}

/** Ownership matches the user id, cognito user id or e-mail (spec §6); demos are never owned. */
export function isOwner(artifact: ViewArtifact, session: ViewerSession): boolean {
  const user = session.user;
  if (artifact.isDemo || !user || !artifact.owner) return false;
  return [user.id, user.cognitoUserId, user.email].filter(Boolean).includes(artifact.owner);
}
