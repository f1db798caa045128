import { type ArtifactType, type RenderTheme, renderableFromSource } from '@core-vault/contracts';
import { useEffect, useMemo, useState } from 'react';
import { ArtifactFrame } from './ArtifactFrame';

/** Typing pauses this long before the preview re-renders. */
const PREVIEW_DEBOUNCE_MS = 400;

/**
 * The upload preview: content that is not saved yet, rendered by the same sandboxed renderer
 * as the view page (the saved version is additionally sanitized by the artifacts service).
 */
export function ArtifactPreview({
  type,
  content,
  theme = 'light',
}: {
  type: ArtifactType;
  content: string;
  theme?: RenderTheme;
}) {
  const [settled, setSettled] = useState(content);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(content), PREVIEW_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [content]);
  const artifact = useMemo(() => renderableFromSource(type, settled), [type, settled]);
  if (!settled.trim()) return null;
  return <ArtifactFrame artifact={artifact} theme={theme} />;
}
