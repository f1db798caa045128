import {
  type RenderError,
  type RenderTheme,
  type RenderableArtifact,
  clampFrameHeight,
  renderRequest,
} from '@core-vault/contracts';
import { useEffect, useRef, useState } from 'react';
import { loadArtifactStorage, saveArtifactStorage } from '../hooks/artifact-storage';
import { acceptFrameMessage, contentKey } from '../hooks/frame-messages';
import { RENDERER_ORIGIN, frameSandbox, frameUrl } from '../renderer-origin';

export interface ArtifactFrameProps {
  artifact: RenderableArtifact;
  theme?: RenderTheme;
  /** Collapsed: the frame stays loaded (keeps its state) but takes no space. */
  collapsed?: boolean;
  /** Keep the artifact's localStorage across visits, under this id (previews have none). */
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
  const [height, setHeight] = useState(0);
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
          setHeight(clampFrameHeight(message.height));
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

  return (
    <div
      className="cv-artifact-frame"
      data-status={status}
      hidden={collapsed}
      style={{ position: 'relative' }}
    >
      {status === 'loading' && (
        <div
          role="status"
          aria-live="polite"
          style={{ position: 'absolute', inset: 0, padding: 16, color: '#5b6478' }}
        >
          {silent ? 'The artifact renderer is not answering. Please reload the page.' : 'Rendering artifact…'}
        </div>
      )}
      <iframe
        ref={ref}
        title={artifact.title}
        src={frameUrl(appOrigin)}
        sandbox={frameSandbox(appOrigin)}
        allow="clipboard-write"
        referrerPolicy="no-referrer"
        scrolling="auto"
        style={{
          display: 'block',
          width: '100%',
          height: Math.max(height, status === 'loading' ? 120 : 0),
          border: 0,
        }}
      />
    </div>
  );
}

/**
 * Shows an artifact in a sandboxed iframe on the renderer origin. The frame gets the content by
 * postMessage once it says it is ready, sizes itself to its content, and reports errors. A
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
