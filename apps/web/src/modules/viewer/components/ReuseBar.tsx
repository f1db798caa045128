import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { downloadArtifact, saveCopy, saveFile } from '../api/reuse';
import { type ViewArtifact } from '../hooks/useViewArtifact';
import { VIEW_MESSAGES as M } from '../messages';
import { type ViewerSession } from '../session';
import './reuse.css';

export interface ReuseBarProps {
  artifact: ViewArtifact;
  session: ViewerSession;
  /** The viewer owns it: no "Save a copy" (it is in their vault already). */
  owned: boolean;
  fetchImpl?: typeof fetch;
}

/**
 * Reuse from the public page (#35): View source, Download (a file named for the title with the
 * type's extension) and Save a copy to my vault — below the frame, so nothing on the page moves
 * when it appears. The copy is offered only where the owner allows it; an anonymous visitor is
 * sent to sign in and brought back here. Demos have none of it (they are not stored artifacts).
 */
export function ReuseBar({ artifact, session, owned, fetchImpl }: ReuseBarProps) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [showSource, setShowSource] = useState(false);
  const [busy, setBusy] = useState<'download' | 'save' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const version = artifact.pinned ? artifact.version : null;

  const download = async () => {
    setBusy('download');
    setError(null);
    try {
      saveFile(
        await downloadArtifact(artifact.id, version, session.accessToken, M.downloadFailed, fetchImpl),
      );
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : M.downloadFailed);
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    if (!session.user || !session.accessToken) {
      // The sign-in page brings the visitor back here (its `from`), where the button waits.
      void navigate('/login', { state: { from: `${pathname}${search}` } });
      return;
    }
    setBusy('save');
    setError(null);
    try {
      const copy = await saveCopy(artifact.id, version, session.accessToken, M.saveFailed, fetchImpl);
      void navigate(`/view/${encodeURIComponent(copy.id)}`);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : M.saveFailed);
      setBusy(null);
    }
  };

  if (artifact.isDemo) return null;
  return (
    <section className="cv-reuse" aria-label={M.reuseLabel}>
      <div className="cv-reuse-actions">
        <button type="button" aria-expanded={showSource} onClick={() => setShowSource((s) => !s)}>
          {showSource ? M.hideSource : M.viewSource}
        </button>
        <button type="button" onClick={() => void download()} disabled={busy !== null}>
          {busy === 'download' ? M.downloading : M.download}
        </button>
        {!owned && artifact.allowRemix && (
          <button
            type="button"
            className="cv-button"
            onClick={() => void save()}
            // While the session is restored the page cannot tell a visitor from a signed-in one.
            disabled={busy !== null || session.loading}
          >
            {busy === 'save' ? M.saving : M.saveCopy}
          </button>
        )}
        {error && (
          <span role="alert" className="cv-reuse-error">
            {error}
          </span>
        )}
      </div>
      {showSource && (
        <figure className="cv-reuse-source">
          <figcaption>{M.sourceLabel}</figcaption>
          {/* Text, never markup: React escapes it. */}
          <pre tabIndex={0}>
            <code>{artifact.renderable.content}</code>
          </pre>
        </figure>
      )}
    </section>
  );
}

/** "Remixed from {title} by {name}": the copy's link back to its original. */
export function RemixedFrom({ artifact }: { artifact: ViewArtifact }) {
  const from = artifact.remixedFrom;
  if (!from) return null;
  return (
    <p className="cv-reuse-origin">
      {M.remixedFrom} <Link to={`/view/${encodeURIComponent(from.artifactId)}`}>{from.title}</Link>
      {from.ownerName ? ` ${M.by(from.ownerName)}` : ''}
    </p>
  );
}
