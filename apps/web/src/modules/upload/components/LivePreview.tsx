import { Suspense, lazy } from 'react';
import { type UploadFields } from '../upload-form';
import './upload.css';

// The renderer's preview frame: its own chunk, fetched when the form opens (not with the page).
const ArtifactPreview = lazy(() => import('./UploadPreview').then((m) => ({ default: m.UploadPreview })));

/**
 * The live preview of the upload form (and of the edit dialog, which shows the same): the content
 * rendered in the renderer's sandboxed frame, nothing while the content is blank. It is mounted
 * (hidden) from the start, so the first paste finds a renderer frame already booted.
 */
export function LivePreview({
  type,
  content,
  allowNetwork,
}: {
  type: UploadFields['type'];
  content: string;
  allowNetwork: boolean;
}) {
  return (
    <section className="up-preview" aria-label="Live preview" hidden={!content.trim()}>
      <h2>Live preview</h2>
      {/* A box of its own height: the preview re-renders and re-sizes as the owner types, and the
          fields and buttons below it must not move under the cursor meanwhile. */}
      <div className="up-preview-box" data-testid="live-preview-box">
        <Suspense fallback={content.trim() ? <p className="cv-hint">Loading preview...</p> : null}>
          <ArtifactPreview type={type} content={content} allowNetwork={allowNetwork} />
        </Suspense>
      </div>
    </section>
  );
}
