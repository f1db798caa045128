import { type ArtifactType, type RenderTheme, type RenderableArtifact } from '@core-vault/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { newPreviewLabel } from '../renderer-origin';
import { useViewerSession } from '../session';
import { PreviewFrameSlot } from './ArtifactFrame';

/** Typing pauses this long before the preview re-renders (a paste does not wait). */
const TYPING_PAUSE_MS = 250;
/** A change this large at once is a paste (or a drop, or a file read), not typing. */
const PASTE_CHARS = 16;

/** Whether new content should be previewed at once rather than after typing pauses. */
export function previewAtOnce(previous: string, next: string): boolean {
  return !previous.trim() || Math.abs(next.length - previous.length) >= PASTE_CHARS;
}

export const PREVIEW_MESSAGES = {
  updating: 'Updating preview…',
  failed: (message: string) => `Preview unavailable: ${message}`,
  offline: 'Preview unavailable: network error.',
} as const;

type Preview =
  | { status: 'idle' }
  | { status: 'ready'; artifact: RenderableArtifact; stale: boolean }
  | { status: 'error'; message: string };

/**
 * The upload preview: content that is not saved yet, shown exactly as it will be stored. The
 * artifacts service sanitizes it (POST /api/v1/artifacts/preview, the same code as create; nothing
 * is stored) and the same sandboxed renderer as the view page shows the result. A paste is sent at
 * once, typing after a short pause; a newer edit aborts the request in flight. Two frames take
 * turns (PreviewFrames): one shows the last preview while the other, booted in advance, renders
 * the next, so a new preview never waits for a frame to start and nothing goes blank meanwhile.
 * Mounted with blank content, it only boots its first frame (the upload form does so on open).
 */
export function ArtifactPreview({
  type,
  content,
  theme = 'light',
  allowNetwork = false,
  fetchImpl = fetch,
}: {
  type: ArtifactType;
  content: string;
  theme?: RenderTheme;
  allowNetwork?: boolean;
  fetchImpl?: typeof fetch;
}) {
  const { accessToken } = useViewerSession();
  // What to preview: a paste at once, typing once it pauses.
  const [settled, setSettled] = useState<{ type: ArtifactType; content: string } | null>(null);
  const [preview, setPreview] = useState<Preview>({ status: 'idle' });

  const last = useRef('');
  useEffect(() => {
    const atOnce = previewAtOnce(last.current, content);
    last.current = content;
    if (atOnce) {
      setSettled({ type, content });
      return;
    }
    const timer = window.setTimeout(() => setSettled({ type, content }), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [type, content]);

  useEffect(() => {
    if (!settled?.content.trim()) return;
    const abort = new AbortController();
    setPreview((p) => (p.status === 'ready' ? { ...p, stale: true } : p));
    void (async () => {
      try {
        const res = await fetchImpl('/api/v1/artifacts/preview', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
          },
          body: JSON.stringify({
            type: settled.type === 'UNKNOWN' ? 'AUTO' : settled.type,
            content: settled.content,
          }),
          signal: abort.signal,
        });
        const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
        if (abort.signal.aborted) return;
        if (!res.ok) {
          const message = typeof body['message'] === 'string' ? body['message'] : `HTTP ${res.status}`;
          setPreview({ status: 'error', message: PREVIEW_MESSAGES.failed(message) });
          return;
        }
        const str = (v: unknown) => (typeof v === 'string' ? v : null);
        setPreview({
          status: 'ready',
          stale: false,
          artifact: {
            title: 'Preview',
            type: (str(body['type']) as ArtifactType | null) ?? settled.type,
            content: settled.content,
            rendered: str(body['rendered']),
            renderError: str(body['renderError']),
            securityWarning: str(body['securityWarning']),
          },
        });
      } catch {
        if (!abort.signal.aborted) setPreview({ status: 'error', message: PREVIEW_MESSAGES.offline });
      }
    })();
    return () => abort.abort();
  }, [settled, accessToken, fetchImpl]);

  const blank = !content.trim();
  // The same object while only `stale` changes: a new object is a new render.
  const ready = preview.status === 'ready' ? preview.artifact : null;
  const shown = useMemo(() => (ready ? { ...ready, allowNetwork } : null), [ready, allowNetwork]);
  return (
    <div aria-busy={preview.status === 'ready' && preview.stale} hidden={blank}>
      {!blank && preview.status === 'error' && (
        <p role="alert" className="cv-hint">
          {preview.message}
        </p>
      )}
      {!blank && preview.status !== 'error' && (preview.status === 'idle' || preview.stale) && (
        <p role="status" className="cv-hint">
          {PREVIEW_MESSAGES.updating}
        </p>
      )}
      <div hidden={preview.status === 'error'}>
        <PreviewFrames artifact={blank ? null : shown} theme={theme} network={allowNetwork} />
      </div>
    </div>
  );
}

interface Slot {
  /** Bumped for a fresh frame (a shell renders one request). */
  generation: number;
  artifact: RenderableArtifact | null;
}

/**
 * Two preview frames taking turns: `artifact` goes to the hidden, already booted one; when it has
 * rendered it is shown and the other restarts as the next spare. A frame still busy with an older
 * preview is replaced. The hidden frame keeps the box's width (charts measure it) but takes no
 * space, no pointer and no focus.
 */
function PreviewFrames({
  artifact,
  theme,
  network,
}: {
  artifact: RenderableArtifact | null;
  theme: RenderTheme;
  network: boolean;
}) {
  const [slots, setSlots] = useState<[Slot, Slot]>([
    { generation: 0, artifact: null },
    { generation: 0, artifact: null },
  ]);
  const [visible, setVisible] = useState<0 | 1 | null>(null);
  // One throwaway origin for this preview session: its libraries are downloaded once.
  const [label] = useState(newPreviewLabel);

  useEffect(() => {
    if (!artifact) return;
    setSlots((current) => {
      if (current.some((slot) => slot.artifact === artifact)) return current;
      const target = visible === 0 ? 1 : 0;
      const next: [Slot, Slot] = [...current];
      const old = current[target];
      next[target] = { generation: old.artifact ? old.generation + 1 : old.generation, artifact };
      return next;
    });
  }, [artifact, visible]);

  const onShown = (index: 0 | 1, shownArtifact: RenderableArtifact | null) => {
    if (!shownArtifact || shownArtifact !== artifact) return;
    setVisible(index);
    // The other frame restarts empty: the next spare.
    setSlots((current) => {
      const other = index === 0 ? 1 : 0;
      if (!current[other].artifact) return current;
      const next: [Slot, Slot] = [...current];
      next[other] = { generation: current[other].generation + 1, artifact: null };
      return next;
    });
  };

  return (
    <div style={{ position: 'relative' }} data-testid="preview-frames">
      {slots.map((slot, i) => {
        const index = i as 0 | 1;
        const hidden = visible !== index || !slot.artifact;
        return (
          <div
            key={`${index}-${slot.generation}-${theme}-${network}`}
            aria-hidden={hidden || undefined}
            data-preview-slot={hidden ? 'spare' : 'shown'}
            style={
              hidden
                ? {
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: 0,
                    overflow: 'hidden',
                    visibility: 'hidden',
                    pointerEvents: 'none',
                  }
                : undefined
            }
          >
            <PreviewFrameSlot
              artifact={slot.artifact}
              theme={theme}
              network={network}
              spare={hidden}
              previewLabel={label}
              onRendered={() => onShown(index, slot.artifact)}
              onRenderError={() => onShown(index, slot.artifact)}
            />
          </div>
        );
      })}
    </div>
  );
}
