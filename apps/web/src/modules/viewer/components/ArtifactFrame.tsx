import {
  type RenderError,
  type RenderTheme,
  type RenderableArtifact,
  renderRequest,
  runtimeResult,
} from '@core-vault/contracts';
import { Suspense, lazy, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { replyToRuntimeCall } from '../hooks/artifact-runtime';
import { loadArtifactStorage, saveArtifactStorage } from '../hooks/artifact-storage';
import { acceptFrameMessage, contentKey } from '../hooks/frame-messages';
import {
  type FrameSizing,
  RESIZE_HANDLE_HEIGHT,
  applyHeightReport,
  defaultViewportHeight,
  frameBox,
  loadFrameHeight,
  saveFrameHeight,
} from '../hooks/frame-size';
import {
  RENDERER_ORIGIN,
  frameSandbox,
  frameUrl,
  isArtifactOrigin,
  previewFrameUrl,
} from '../renderer-origin';
import { useViewerSession } from '../session';

// Only viewport-sized artifacts get the handle, after their first height report: its code loads
// then (a box of its height stands in meanwhile, so nothing moves when it arrives).
const FrameResizeHandle = lazy(() =>
  import('./FrameResizeHandle').then((m) => ({ default: m.FrameResizeHandle })),
);

export interface ArtifactFrameProps {
  artifact: RenderableArtifact;
  theme?: RenderTheme;
  /** Collapsed: the frame stays loaded (keeps its state) but takes no space. */
  collapsed?: boolean;
  /**
   * The saved artifact this frame shows (previews have none): its own origin, its runtime
   * (window.storage, window.claude), its localStorage kept across visits, and the height the
   * user gives a viewport-sized artifact (sessionStorage).
   */
  storageId?: string;
  /** Says whose content the framed area is ("Content by you · runs isolated"). */
  edgeLabel?: string;
  onRendered?: () => void;
  onRenderError?: (error: RenderError) => void;
}

type Status = 'loading' | 'rendered' | 'error' | 'navigated';

function boundTo(artifact: RenderableArtifact, id: string | undefined): RenderableArtifact {
  const { id: _own, ...rest } = artifact;
  return id ? { ...rest, id } : rest;
}

const EDGE_HEIGHT = 24;

/** How long the frame may take to say hello before the user is told. */
const READY_TIMEOUT_MS = 15_000;

type FrameInstanceProps = Omit<ArtifactFrameProps, 'artifact'> & {
  /** Null for a frame that boots before its content is known (the upload preview's spare). */
  artifact: RenderableArtifact | null;
  /** The CSP with outbound network; by default the artifact's own setting. */
  network?: boolean;
  /** The preview session's origin label (newPreviewLabel); else the renderer picks the origin. */
  previewLabel?: string;
  /** A preview frame not shown (yet): another class, so the page has one `.cv-artifact-frame`. */
  spare?: boolean;
};

function FrameInstance({
  artifact,
  network = artifact?.allowNetwork === true,
  spare = false,
  previewLabel,
  theme = 'light',
  collapsed = false,
  storageId,
  edgeLabel,
  onRendered,
  onRenderError,
}: FrameInstanceProps) {
  const session = useViewerSession();
  const viewer = useRef({ userId: session.user?.id ?? null, accessToken: session.accessToken });
  useEffect(() => {
    viewer.current = { userId: session.user?.id ?? null, accessToken: session.accessToken };
  });
  const ref = useRef<HTMLIFrameElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const [sizing, setSizing] = useState<FrameSizing>({ mode: 'content', content: null });
  const [userHeight, setUserHeight] = useState(() => loadFrameHeight(storageId));
  const [dragging, setDragging] = useState(false);
  const [viewportHeight, setViewportHeight] = useState(() => defaultViewportHeight(0));
  const [status, setStatus] = useState<Status>('loading');
  const [silent, setSilent] = useState(false);
  const appOrigin = window.location.origin;
  const callbacks = useRef({ onRendered, onRenderError });
  useEffect(() => {
    callbacks.current = { onRendered, onRenderError };
  });

  // The artifact's own origin, learnt from the shell's `ready` (the renderer sent the frame there);
  // every later message must come from it. Kept for the frame's life: a shell renders one request.
  const frameOrigin = useRef<string | null>(null);
  const sent = useRef(false);
  const request = useRef({ artifact, theme, storageId });
  useEffect(() => {
    request.current = { artifact, theme, storageId };
  });
  // Posts the render request once the shell is ready and there is something to show (a spare
  // preview frame boots first and gets its content later).
  const post = useRef(() => {
    const frame = ref.current?.contentWindow;
    const { artifact: next, theme: nextTheme, storageId: id } = request.current;
    if (sent.current || !frame || !frameOrigin.current || !next) return;
    sent.current = true;
    // Content goes only to the artifact's origin, never to '*'.
    frame.postMessage(
      renderRequest(
        // The shell renders only the artifact its origin belongs to (none for a preview).
        boundTo(next, id),
        nextTheme,
        id ? loadArtifactStorage(viewer.current.userId, id) : undefined,
      ),
      frameOrigin.current,
    );
  });
  useEffect(() => {
    post.current();
  }, [artifact]);

  useEffect(() => {
    const timer = window.setTimeout(() => setSilent(true), READY_TIMEOUT_MS);
    const onMessage = (event: MessageEvent) => {
      const frame = ref.current?.contentWindow;
      if (!frame || event.source !== frame || !isArtifactOrigin(event.origin)) return;
      const message = acceptFrameMessage(event, { origin: event.origin, source: frame });
      if (!message) return;
      if (frameOrigin.current !== null && event.origin !== frameOrigin.current) {
        // The frame speaks from another artifact's origin: it navigated itself away.
        setStatus('navigated');
        return;
      }
      switch (message.kind) {
        case 'ready':
          window.clearTimeout(timer);
          setSilent(false);
          if (frameOrigin.current !== null) {
            // A second shell in the same frame: the artifact navigated its frame.
            setStatus('navigated');
            break;
          }
          frameOrigin.current = event.origin;
          post.current();
          break;
        case 'height':
          setSizing((current) => applyHeightReport(current, message));
          break;
        case 'rendered':
          setStatus('rendered');
          callbacks.current.onRendered?.();
          break;
        case 'error':
          setStatus('error');
          callbacks.current.onRenderError?.(message.error);
          break;
        case 'storage':
          if (storageId) saveArtifactStorage(viewer.current.userId, storageId, message.items);
          break;
        case 'runtime':
          if (!frameOrigin.current) break;
          // Only a saved artifact has a runtime; a preview's calls are refused.
          if (!storageId)
            frame.postMessage(
              runtimeResult(message.call, {
                error: {
                  message: 'Save the artifact to use its storage.',
                  code: 'RUNTIME_PREVIEW',
                  status: 400,
                },
              }),
              frameOrigin.current,
            );
          else
            replyToRuntimeCall(frame, frameOrigin.current, message.call, message.request, {
              artifactId: storageId,
              accessToken: viewer.current.accessToken,
            });
          break;
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
    };
  }, [storageId]);

  // The default height for full-screen layouts: the window below the header (and above the
  // resize handle), kept current.
  useLayoutEffect(() => {
    const update = () => {
      // The frame starts below the labelled edge, and the resize handle sits under it.
      const top =
        (wrapper.current?.getBoundingClientRect().top ?? 0) +
        window.scrollY +
        RESIZE_HANDLE_HEIGHT +
        (edgeLabel ? EDGE_HEIGHT : 0);
      setViewportHeight(defaultViewportHeight(top));
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [edgeLabel]);

  // The owner's pinned height, else by what the agent reports (frame-size.ts, frameBox).
  const box = frameBox(artifact?.frameHeight, sizing, userHeight, viewportHeight);
  const { height } = box;

  return (
    <div
      ref={wrapper}
      className={spare ? 'cv-artifact-spare' : 'cv-artifact-frame'}
      data-status={status}
      data-sizing={box.sizing}
      // Whether the height is final for now (pinned, full-screen, or the content's first report):
      // until then the frame holds the window's height, and what is below it moves when it lands.
      data-measured={box.sizing !== 'content' || sizing.content !== null}
      hidden={collapsed}
      style={{ position: 'relative' }}
    >
      {edgeLabel && (
        // A labelled edge: whatever the artifact draws below it is its author's, not the app's.
        <div
          className="cv-artifact-edge"
          style={{
            height: EDGE_HEIGHT,
            boxSizing: 'border-box',
            padding: '0 12px',
            font: '12px/22px system-ui, sans-serif',
            color: 'var(--cv-muted)',
            background: 'var(--cv-tint)',
            borderTop: '2px solid var(--cv-border)',
            overflow: 'hidden',
            whiteSpace: 'nowrap',
            textOverflow: 'ellipsis',
          }}
        >
          {edgeLabel}
        </div>
      )}
      {status === 'navigated' && (
        <div role="alert" className="cv-artifact-navigated" style={{ padding: 16 }}>
          This artifact tried to leave its page, so Core Vault stopped showing it. Reload the page to run it
          again.
        </div>
      )}
      {status === 'loading' && (
        <div
          role="status"
          aria-live="polite"
          // Never in the way: an artifact whose page is still loading (a slow library, a late
          // `rendered`) is already usable, and clicks must reach it.
          style={{
            position: 'absolute',
            inset: 0,
            padding: 16,
            color: 'var(--cv-muted)',
            pointerEvents: 'none',
          }}
        >
          {silent ? 'The artifact renderer is not answering. Please reload the page.' : 'Rendering artifact…'}
        </div>
      )}
      <iframe
        ref={ref}
        title={artifact?.title ?? 'Preview'}
        src={
          previewLabel && RENDERER_ORIGIN
            ? previewFrameUrl(appOrigin, previewLabel, network)
            : frameUrl(appOrigin, RENDERER_ORIGIN, network, storageId)
        }
        hidden={status === 'navigated'}
        sandbox={frameSandbox(appOrigin)}
        // Any origin: the renderer sends the frame on to the artifact's own origin, which the
        // default ('src', the address asked for) would not cover.
        allow="clipboard-write *"
        referrerPolicy="no-referrer"
        scrolling="auto"
        style={{
          display: 'block',
          width: '100%',
          height,
          border: 0,
          pointerEvents: dragging ? 'none' : undefined,
        }}
      />
      {box.resizable && (
        <Suspense fallback={<div style={{ height: RESIZE_HANDLE_HEIGHT }} />}>
          <FrameResizeHandle
            height={height}
            onResize={setUserHeight}
            onResizeEnd={(h) => saveFrameHeight(storageId, h)}
            onDragging={setDragging}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * Shows an artifact in a sandboxed iframe on the renderer origin. The frame gets the content by
 * postMessage once it says it is ready, reports errors, and its height and sizing mode: a
 * content-sized document gets exactly its height (no inner scrollbar), a viewport-sized one (full
 * screen: 100vh, fixed, a canvas) the window's height below the header, resizable by the user. A
 * different artifact or theme gets a fresh frame.
 */
export function ArtifactFrame(props: ArtifactFrameProps) {
  const { artifact, theme = 'light' } = props;
  const key = contentKey([
    artifact.content,
    artifact.rendered ?? '',
    artifact.type,
    theme,
    artifact.securityWarning ?? '',
  ]);
  return <FrameInstance key={key} {...props} />;
}

/**
 * One frame of the upload preview: it boots the renderer's shell at once and renders `artifact`
 * when it arrives (once: a shell renders one request). The preview keeps one such frame warm
 * while another shows the current content.
 */
export function PreviewFrameSlot(props: FrameInstanceProps) {
  return <FrameInstance {...props} />;
}
