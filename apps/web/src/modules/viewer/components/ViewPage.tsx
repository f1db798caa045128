import { type ArtifactType } from '@core-vault/contracts';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { type ViewArtifact, isOwner, pinnedVersion, useViewArtifact } from '../hooks/useViewArtifact';
import { useViewerSession } from '../session';
import { ArtifactFrame } from './ArtifactFrame';
import { NetworkBadge, NetworkToggle } from './NetworkAccess';
import { ShareButton } from './ShareButton';
import {
  AboutArtifact,
  ConversionBlock,
  Footer,
  PublicHeader,
  VersionNote,
  ViewShell,
  formatDate,
} from './ViewLayout';
import { ArtifactError, ArtifactNotFound, InvalidArtifact, LoadingArtifact } from './ViewStates';

function OwnerHeader({
  artifact,
  collapsed,
  onToggle,
  network,
}: {
  artifact: ViewArtifact;
  collapsed: boolean;
  onToggle: () => void;
  network: ReactNode;
}) {
  return (
    <header className="cv-view-header cv-view-header-owner">
      <strong aria-label="Core Vault">◆ Core Vault</strong>
      <h1 className="cv-view-title">{artifact.title}</h1>
      <button type="button" onClick={onToggle} aria-expanded={!collapsed}>
        {collapsed ? 'Expand' : 'Collapse'}
      </button>
      <span className="cv-view-badge">{artifact.type}</span>
      <span>{formatDate(artifact.createdAt)}</span>
      {artifact.viewCount !== null && <span>{artifact.viewCount} views</span>}
      {artifact.tags.map((t) => (
        <span key={t}>#{t}</span>
      ))}
      {network}
      <span className="cv-view-spacer" />
      <Link to="/dashboard">← Dashboard</Link>
      <ShareButton />
    </header>
  );
}

export interface ViewPageProps {
  /** Told of every artifact shown (id, title, type). */
  onArtifactLoaded?: (info: { id: string; title: string; type: ArtifactType }) => void;
  fetchImpl?: typeof fetch;
}

/**
 * /view/{id} (and /view/{id}?v=N, pinned to a version): one artifact, its five states, and the
 * owner or public layout (spec §2). Every state keeps the page's geometry (see view-page.css).
 */
export function ViewPage({ onArtifactLoaded, fetchImpl }: ViewPageProps) {
  const { id } = useParams();
  const { pathname, search } = useLocation();
  const session = useViewerSession();
  const state = useViewArtifact(id, session, onArtifactLoaded, fetchImpl, pinnedVersion(search));
  const [collapsed, setCollapsed] = useState(false);
  // The owner's change of network access, until the next load of the artifact.
  const [network, setNetwork] = useState<{ id: string; allowed: boolean } | null>(null);

  if (state.status === 'invalid') return <InvalidArtifact />;
  if (state.status === 'loading') return <LoadingArtifact />;
  if (state.status === 'error') return <ArtifactError message={state.message} />;
  if (state.status === 'empty') return <ArtifactNotFound />;

  const loaded = state.artifact;
  const artifact =
    network && network.id === loaded.id
      ? { ...loaded, renderable: { ...loaded.renderable, allowNetwork: network.allowed } }
      : loaded;
  const allowed = artifact.renderable.allowNetwork === true;
  const ownerLayout = !artifact.isDemo && (isOwner(artifact, session) || pathname.includes('/dashboard'));
  return (
    <ViewShell layout={ownerLayout ? 'owner' : 'public'}>
      {ownerLayout ? (
        <OwnerHeader
          artifact={artifact}
          collapsed={collapsed}
          onToggle={() => setCollapsed((c) => !c)}
          network={
            <>
              {allowed && <NetworkBadge />}
              <NetworkToggle
                artifactId={artifact.id}
                allowed={allowed}
                accessToken={session.accessToken}
                onChange={(next) => setNetwork({ id: artifact.id, allowed: next })}
                {...(fetchImpl ? { fetchImpl } : {})}
              />
            </>
          }
        />
      ) : (
        <PublicHeader artifact={artifact} />
      )}
      {ownerLayout && <VersionNote artifact={artifact} path={pathname} />}
      <main className={ownerLayout && collapsed ? undefined : 'cv-view-main'}>
        {/* Always rendered in public mode: the frame gets the content, never the viewer's identity. */}
        <ArtifactFrame
          artifact={artifact.renderable}
          collapsed={ownerLayout && collapsed}
          storageId={artifact.id}
        />
      </main>
      <AboutArtifact description={artifact.description} />
      {!ownerLayout && <ConversionBlock />}
      {ownerLayout && <Footer />}
    </ViewShell>
  );
}
