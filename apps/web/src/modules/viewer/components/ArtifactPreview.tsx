import { type ArtifactType, type RenderTheme, type RenderableArtifact } from '@core-vault/contracts';
import { useEffect, useState } from 'react';
import { useViewerSession } from '../session';
import { ArtifactFrame } from './ArtifactFrame';

/** Typing pauses this long before the preview re-renders. */
const PREVIEW_DEBOUNCE_MS = 400;

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
 * is stored) and the same sandboxed renderer as the view page shows the result. A newer edit
 * aborts the request in flight; the last preview stays up, marked, while the next one loads.
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
  // Null until typing first pauses: a paste followed by edits costs one request, not two.
  const [settled, setSettled] = useState<{ type: ArtifactType; content: string } | null>(null);
  const [preview, setPreview] = useState<Preview>({ status: 'idle' });

  useEffect(() => {
    const timer = window.setTimeout(() => setSettled({ type, content }), PREVIEW_DEBOUNCE_MS);
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

  if (!content.trim()) return null;
  if (preview.status === 'error')
    return (
      <p role="alert" className="cv-hint">
        {preview.message}
      </p>
    );
  if (preview.status === 'idle') return <p className="cv-hint">{PREVIEW_MESSAGES.updating}</p>;
  return (
    <div aria-busy={preview.stale}>
      {preview.stale && (
        <p role="status" className="cv-hint">
          {PREVIEW_MESSAGES.updating}
        </p>
      )}
      <ArtifactFrame artifact={{ ...preview.artifact, allowNetwork }} theme={theme} />
    </div>
  );
}
