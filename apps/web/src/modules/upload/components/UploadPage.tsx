import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { Banner } from '../../../components/ui';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { SHARE_TEXTS, type SharedItem, clearShared, readShared, sharedUpload } from '../share-target';
import { UploadForm } from './UploadForm';

/**
 * /upload: back to the dashboard, the form; after a success the dashboard shows the banner. What
 * another app shared (the Web Share Target; a signed-out person signs in first and lands here
 * again) fills the form once, then is forgotten.
 */
export function UploadPage() {
  useDocumentMeta({ title: 'Upload an artifact', robots: 'noindex, nofollow' });
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [shared, setShared] = useState<SharedItem | null>(null);
  useEffect(() => {
    let live = true;
    void readShared().then(async (item) => {
      // Only the effect still mounted forgets it (StrictMode runs effects twice).
      if (!live) return;
      setShared(item);
      if (item) await clearShared();
    });
    return () => {
      live = false;
    };
  }, []);

  if (uploaded) return <Navigate to="/dashboard" state={{ uploaded }} />;
  return (
    <main className="cv-page">
      <Link to="/dashboard" className="cv-btn">
        ← Back to Dashboard
      </Link>
      <h1>Upload an artifact</h1>
      {shared && <Banner tone="info">{SHARE_TEXTS.received}</Banner>}
      {shared?.fileTooLarge && <Banner tone="error">{SHARE_TEXTS.fileTooLarge}</Banner>}
      <div className="cv-card">
        {/* The shared item arrives a moment after the page: the form starts again from it. */}
        <UploadForm
          key={shared ? 'shared' : 'empty'}
          onUploaded={(a) => setUploaded(a.title)}
          initial={shared ? sharedUpload(shared) : undefined}
        />
      </div>
    </main>
  );
}
