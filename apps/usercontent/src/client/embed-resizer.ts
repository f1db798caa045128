/**
 * The embed script (`/assets/embed.js`), run on the page that embeds artifacts — a third party's
 * page, so it is tiny, has no dependencies and touches only iframes marked `data-cv-autosize` (the
 * embed code of an artifact whose height is automatic). Each such embed's agent reports its
 * document's height (agent-messages.ts, `core-vault/embed`); the script makes the iframe that tall
 * (content-sized documents), or gives it back its own height (full-screen layouts, whose height
 * follows the iframe's). An iframe without the mark keeps the embedder's height: the artifact
 * scrolls inside it.
 */
export const AUTOSIZE_ATTRIBUTE = 'data-cv-autosize';
/** The tallest iframe the script makes (FRAME_HEIGHT.max in the contracts; a test keeps them equal). */
export const EMBED_MAX_HEIGHT = 100_000;

export interface EmbedHeight {
  height: number;
  mode: 'content' | 'viewport';
}

/** The message, if it is an embed height report; anything else is ignored. */
export function parseEmbedHeight(data: unknown): EmbedHeight | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  if (d['channel'] !== 'core-vault/embed' || d['v'] !== 1 || d['kind'] !== 'height') return null;
  const height = d['height'];
  const mode = d['mode'];
  if (typeof height !== 'number' || !Number.isFinite(height)) return null;
  if (mode !== 'content' && mode !== 'viewport') return null;
  return { height, mode };
}

/** The renderer's own origin, or one of its artifact origins (`{label}.{renderer host}`). */
export function isRendererOrigin(origin: string, renderer: string): boolean {
  let from: URL;
  let ours: URL;
  try {
    from = new URL(origin);
    ours = new URL(renderer);
  } catch {
    return false;
  }
  if (from.origin === ours.origin) return true;
  return (
    from.protocol === ours.protocol && from.port === ours.port && from.hostname.endsWith(`.${ours.hostname}`)
  );
}

/**
 * The iframe's inline height for a report: the document's height (content), or none — the
 * embedder's height attribute again — for a full-screen layout. Reports under 1 px (a document
 * not yet laid out) change nothing: an embed never collapses. Null: leave it as it is.
 */
export function inlineHeightFor(report: EmbedHeight): string | null {
  if (report.mode === 'viewport') return '';
  if (report.height < 1) return null;
  return `${Math.min(EMBED_MAX_HEIGHT, Math.ceil(report.height))}px`;
}

/** What asks an embed to say its height again (agent-messages.ts, EMBED_ASK). */
const ASK = { channel: 'core-vault/embed', v: 1, kind: 'ask' } as const;

/**
 * Listens for reports from the marked iframes' own windows, from the renderer's origins only, and
 * asks the marked iframes already there for their height (they may have reported before this
 * script ran; iframes that load later report when they are ready).
 */
export function installEmbedResizer(win: Window, renderer: string): void {
  const marked = () =>
    Array.from(win.document.querySelectorAll<HTMLIFrameElement>(`iframe[${AUTOSIZE_ATTRIBUTE}]`));
  for (const frame of marked()) frame.contentWindow?.postMessage(ASK, '*');
  win.addEventListener('message', (event: MessageEvent) => {
    if (!isRendererOrigin(event.origin, renderer)) return;
    const report = parseEmbedHeight(event.data);
    if (!report) return;
    for (const frame of marked()) {
      if (frame.contentWindow !== event.source) continue;
      const height = inlineHeightFor(report);
      if (height !== null) frame.style.height = height;
    }
  });
}
