import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { UploadForm } from './UploadForm';

/** /upload: back to the dashboard, the form; after a success the dashboard shows the banner. */
export function UploadPage() {
  useDocumentMeta({ title: 'Upload an artifact', robots: 'noindex, nofollow' });
  const [uploaded, setUploaded] = useState<string | null>(null);
  if (uploaded) return <Navigate to="/dashboard" state={{ uploaded }} />;
  return (
    <main className="cv-page">
      <Link to="/dashboard" className="cv-btn">
        ← Back to Dashboard
      </Link>
      <h1>Upload an artifact</h1>
      <div className="cv-card">
        <UploadForm onUploaded={(a) => setUploaded(a.title)} />
      </div>
    </main>
  );
}
