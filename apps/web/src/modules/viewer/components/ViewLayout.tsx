import { type ReactNode, Suspense, lazy } from 'react';
import { Link } from 'react-router-dom';
import { type CaptureSource, type ViewArtifact } from '../hooks/useViewArtifact';
import { VIEW_MESSAGES as M } from '../messages';
import { NetworkBadge } from './NetworkAccess';
import './view-page.css';

export const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
};

function TrialLink() {
  return (
    <a href="/register" target="_blank" rel="noopener noreferrer" className="cv-button">
      {M.startTrial}
    </a>
  );
}

/** Every state of the view page sits in this frame: at least the window's height. */
export function ViewShell({ layout, children }: { layout?: 'owner' | 'public'; children: ReactNode }) {
  return (
    <div className="cv-view" data-layout={layout}>
      {children}
    </div>
  );
}

/** While the artifact loads: the public page's header and frame area, empty, at their final sizes. */
export function ViewSkeleton() {
  return (
    <ViewShell>
      <header className="cv-view-header cv-view-header-public">
        <strong>Core Vault</strong>
        <span className="cv-view-placeholder" aria-hidden="true" />
      </header>
      <main className="cv-view-main">
        <div role="status" aria-label="Loading artifact" className="cv-view-state">
          Loading…
        </div>
      </main>
    </ViewShell>
  );
}

export function PublicHeader({ artifact }: { artifact: ViewArtifact }) {
  return (
    <header className="cv-view-header cv-view-header-public">
      <strong>Core Vault</strong>
      <h1 className="cv-view-title">{artifact.title}</h1>
      <span className="cv-view-badge">{artifact.type}</span>
      <span className="cv-view-date">{formatDate(artifact.createdAt)}</span>
      {artifact.renderable.allowNetwork && <NetworkBadge />}
      <span className="cv-view-spacer" />
      <TrialLink />
    </header>
  );
}

/** While the owner's header loads: brand and title in the same header box. */
export function OwnerHeaderFallback({ artifact }: { artifact: ViewArtifact }) {
  return (
    <header className="cv-view-header cv-view-header-owner">
      <strong aria-label="Core Vault">◆ Core Vault</strong>
      <h1 className="cv-view-title">{artifact.title}</h1>
    </header>
  );
}

/** The owner, on a pinned link (?v=N): which version this is, and the way to the latest. */
export function VersionNote({ artifact, path }: { artifact: ViewArtifact; path: string }) {
  if (!artifact.pinned || artifact.version === null) return null;
  return (
    <p className="cv-view-version-note">
      Version {artifact.version} of {artifact.latestVersion ?? artifact.version} —{' '}
      <Link to={path}>{M.viewLatest}</Link>
    </p>
  );
}

// Below the fold on every screen: its code loads after the page's, outside the first download.
const MarkdownLite = lazy(() =>
  import('../../../components/MarkdownLite').then((m) => ({ default: m.MarkdownLite })),
);

/**
 * The description and where a capture came from, below the frame's reserved area (never pushes
 * the frame down).
 */
export function AboutArtifact({
  description,
  source,
}: {
  description: string;
  source: CaptureSource | null;
}) {
  if (!description.trim() && !source) return null;
  return (
    <section className="cv-view-about" aria-labelledby="cv-view-about-title">
      <h2 id="cv-view-about-title">{M.about}</h2>
      {description.trim() && (
        <Suspense fallback={<p>{description}</p>}>
          <MarkdownLite text={description} />
        </Suspense>
      )}
      {source && (
        <p className="cv-view-source">{M.capturedOn(source.site, source.model ?? source.assistant)}</p>
      )}
    </section>
  );
}

export function ConversionBlock() {
  return (
    <aside className="cv-view-conversion">
      <h2>{M.conversionTitle}</h2>
      <p>{M.conversionText}</p>
      <TrialLink />
    </aside>
  );
}

export function Footer() {
  return (
    <footer className="cv-view-footer">
      Powered by Core Vault · © {new Date().getFullYear()} Core Vault
    </footer>
  );
}
