import { useEffect } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useDocumentMeta } from '../lib/useDocumentMeta';
import './base.css';

/** What browsers say when a lazily imported chunk is gone (typically: a deploy replaced it). */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/**
 * The router's error element: instead of React Router's developer screen, a page in the app's
 * own look with what happened, "Reload" and a way home. A chunk that failed to load (the app was
 * updated while the tab was open) says so — a reload fetches the new version.
 */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const title = chunk ? 'A new version is available' : missing ? 'Page not found' : 'Something went wrong';
  useDocumentMeta({ title, robots: 'noindex, nofollow' });
  useEffect(() => console.error('Route error', error), [error]);

  return (
    <main className="cv-page cv-centered">
      <div className="cv-card cv-narrow" role="alert">
        <h1>{title}</h1>
        <p>
          {chunk
            ? 'Part of this page could not be loaded, most likely because Core Vault was updated while it was open. Reload to get the latest version.'
            : missing
              ? 'The page you are looking for does not exist or has moved.'
              : 'This page ran into an unexpected problem. Reloading usually fixes it; your saved artifacts are not affected.'}
        </p>
        <p className="cv-row">
          <button type="button" className="cv-btn cv-btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
          <Link className="cv-btn" to="/" reloadDocument>
            Back to home
          </Link>
        </p>
      </div>
    </main>
  );
}
