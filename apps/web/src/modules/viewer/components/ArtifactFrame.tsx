import {
  type RenderError,
  type RenderTheme,
  type RenderableArtifact,
  renderRequest,
} from '@core-vault/contracts';
import { Suspense, lazy, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { loadArtifactStorage, saveArtifactStorage } from '../hooks/artifact-storage';
import { acceptFrameMessage, contentKey } from '../hooks/frame-messages';
import {
  type FrameSizing,
  RESIZE_HANDLE_HEIGHT,
  applyHeightReport,
  defaultViewportHeight,
  loadFrameHeight,
  saveFrameHeight,
} from '../hooks/frame-size';
import { RENDERER_ORIGIN, frameSandbox, frameUrl } from '../renderer-origin';

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
   * Keep the artifact's localStorage across visits, under this id (previews have none); also
   * where the height the user gives a viewport-sized artifact is remembered (sessionStorage).
   */
  storageId?: string;
  onRendered?: () => void;
  onRenderError?: (error: RenderError) => void;
}

type Status = 'loading' | 'rendered' | 'error';

/** How long the frame may take to say hello before the user is told. */
const READY_TIMEOUT_MS = 15_000;

function FrameInstance({
  artifact,
  theme = 'light',
  collapsed = false,
  storageId,
  onRendered,
  onRenderError,
}: ArtifactFrameProps) {
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

  useEffect(() => {
    let sent = false;
    const timer = window.setTimeout(() => setSilent(true), READY_TIMEOUT_MS);
    const onMessage = (event: MessageEvent) => {
      const frame = ref.current?.contentWindow;
      const message = acceptFrameMessage(event, { origin: RENDERER_ORIGIN, source: frame });
      if (!message || !frame) return;
      switch (message.kind) {
        case 'ready':
          window.clearTimeout(timer);
          setSilent(false);
          // Content goes only to the renderer origin, never to '*'.
          if (!sent) {
            const storage = storageId ? loadArtifactStorage(storageId) : undefined;
            frame.postMessage(renderRequest(artifact, theme, storage), RENDERER_ORIGIN);
          }
          sent = true;
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
          if (storageId) saveArtifactStorage(storageId, message.items);
          break;
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
    };
  }, [artifact, theme, storageId]);

  // The default height for full-screen layouts: the window below the header (and above the
  // resize handle), kept current.
  useLayoutEffect(() => {
    const update = () => {
      const top = (wrapper.current?.getBoundingClientRect().top ?? 0) + window.scrollY + RESIZE_HANDLE_HEIGHT;
      setViewportHeight(defaultViewportHeight(top));
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);

  // Content-sized: exactly the content. Viewport-sized: the user's height or the default. Until
  // the first real report: the default, so the document first lays out at a full-screen size.
  const viewport = sizing.mode === 'viewport';
  const height = viewport ? (userHeight ?? viewportHeight) : (sizing.content ?? viewportHeight);

  return (
    <div
      ref={wrapper}
      className="cv-artifact-frame"
      data-status={status}
      data-sizing={sizing.mode}
      hidden={collapsed}
      style={{ position: 'relative' }}
    >
      {status === 'loading' && (
        <div
          role="status"
          aria-live="polite"
          // Never in the way: an artifact whose page is still loading (a slow library, a late
          // `rendered`) is already usable, and clicks must reach it.
          style={{ position: 'absolute', inset: 0, padding: 16, color: '#5b6478', pointerEvents: 'none' }}
        >
          {silent ? 'The artifact renderer is not answering. Please reload the page.' : 'Rendering artifact…'}
        </div>
      )}
      <iframe
        ref={ref}
        title={artifact.title}
        src={frameUrl(appOrigin, RENDERER_ORIGIN, artifact.allowNetwork === true)}
        sandbox={frameSandbox(appOrigin)}
        allow="clipboard-write"
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
      {viewport && (
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
