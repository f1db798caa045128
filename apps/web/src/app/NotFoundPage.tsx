import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../lib/useDocumentMeta';
import './base.css';

export function NotFoundPage() {
  useDocumentMeta({ title: 'Page not found', robots: 'noindex, nofollow' });
  return (
    <main className="cv-page cv-centered">
      <div className="cv-card cv-narrow">
        <h1>Page not found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <p className="cv-row">
          <Link className="cv-btn cv-btn-primary" to="/">
            Back to home
          </Link>
          <Link className="cv-btn" to="/dashboard">
            Go to Dashboard
          </Link>
        </p>
      </div>
    </main>
  );
}
