import { Suspense, lazy } from 'react';
import { type UploadFields } from '../upload-form';
import './upload.css';

// The renderer's preview frame, fetched only when there is something to preview.
const ArtifactPreview = lazy(() => import('./UploadPreview').then((m) => ({ default: m.UploadPreview })));

/**
 * The live preview of the upload form (and of the edit dialog, which shows the same): the content
 * rendered in the renderer's sandboxed frame, nothing while the content is blank.
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
  if (!content.trim()) return null;
  return (
    <section className="up-preview" aria-label="Live preview">
      <h2>Live preview</h2>
      {/* A box of its own height: the preview re-renders and re-sizes as the owner types, and the
          fields and buttons below it must not move under the cursor meanwhile. */}
      <div className="up-preview-box" data-testid="live-preview-box">
        <Suspense fallback={<p className="cv-hint">Loading preview...</p>}>
          <ArtifactPreview type={type} content={content} allowNetwork={allowNetwork} />
        </Suspense>
      </div>
    </section>
  );
}
