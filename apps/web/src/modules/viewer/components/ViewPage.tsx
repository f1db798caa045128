import { type ArtifactType } from '@core-vault/contracts';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { type ViewArtifact, isOwner, useViewArtifact } from '../hooks/useViewArtifact';
import { VIEW_MESSAGES as M } from '../messages';
import { useViewerSession } from '../session';
import { ArtifactFrame } from './ArtifactFrame';
import { NetworkBadge, NetworkToggle } from './NetworkAccess';
import { ShareButton } from './ShareButton';
import { ArtifactError, ArtifactNotFound, InvalidArtifact, LoadingArtifact } from './ViewStates';

const page = {
  fontFamily: 'system-ui, sans-serif',
  color: '#1c2333',
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column' as const,
};
const header = {
  display: 'flex',
  flexWrap: 'wrap' as const,
  gap: 12,
  alignItems: 'center',
  padding: '12px 20px',
  borderBottom: '1px solid #e3e7f0',
};
const badge = {
  padding: '2px 10px',
  borderRadius: 999,
  background: '#e3e8f7',
  fontSize: 12,
  fontWeight: 600,
};

const formatDate = (iso: string) => {
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
    <header style={header}>
      <strong aria-label="Core Vault">◆ Core Vault</strong>
      <h1 style={{ fontSize: 20, margin: 0 }}>{artifact.title}</h1>
      <button type="button" onClick={onToggle} aria-expanded={!collapsed}>
        {collapsed ? 'Expand' : 'Collapse'}
      </button>
      <span style={badge}>{artifact.type}</span>
      <span>{formatDate(artifact.createdAt)}</span>
      {artifact.viewCount !== null && <span>{artifact.viewCount} views</span>}
      {artifact.tags.map((t) => (
        <span key={t}>#{t}</span>
      ))}
      {network}
      <span style={{ flex: 1 }} />
      <Link to="/dashboard">← Dashboard</Link>
      <ShareButton />
    </header>
  );
}

function PublicHeader({ artifact }: { artifact: ViewArtifact }) {
  return (
    <header style={header}>
      <strong>Core Vault</strong>
      <h1 style={{ fontSize: 20, margin: 0 }}>{artifact.title}</h1>
      <span style={badge}>{artifact.type}</span>
      <span>{formatDate(artifact.createdAt)}</span>
      {artifact.renderable.allowNetwork && <NetworkBadge />}
      <span style={{ flex: 1 }} />
      <TrialLink />
    </header>
  );
}

function ConversionBlock() {
  return (
    <aside
      style={{
        margin: '24px auto',
        padding: 24,
        maxWidth: 720,
        textAlign: 'center',
        background: '#f4f6fb',
        borderRadius: 12,
      }}
    >
      <h2>{M.conversionTitle}</h2>
      <p>{M.conversionText}</p>
      <TrialLink />
    </aside>
  );
}

function Footer() {
  return (
    <footer style={{ padding: '16px 20px', borderTop: '1px solid #e3e7f0', color: '#5b6478', fontSize: 14 }}>
      Powered by Core Vault · © {new Date().getFullYear()} Core Vault
    </footer>
  );
}

export interface ViewPageProps {
  /** Told of every artifact shown (id, title, type). */
  onArtifactLoaded?: (info: { id: string; title: string; type: ArtifactType }) => void;
  fetchImpl?: typeof fetch;
}

/** /view/{id}: one artifact, its five states, and the owner or public layout (spec §2). */
export function ViewPage({ onArtifactLoaded, fetchImpl }: ViewPageProps) {
  const { id } = useParams();
  const { pathname } = useLocation();
  const session = useViewerSession();
  const state = useViewArtifact(id, session, onArtifactLoaded, fetchImpl);
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
    <div style={page} data-layout={ownerLayout ? 'owner' : 'public'}>
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
      <main style={{ flex: 1 }}>
        {/* Always rendered in public mode: the frame gets the content, never the viewer's identity. */}
        <ArtifactFrame
          artifact={artifact.renderable}
          collapsed={ownerLayout && collapsed}
          storageId={artifact.id}
        />
      </main>
      {!ownerLayout && <ConversionBlock />}
      {ownerLayout && <Footer />}
    </div>
  );
}
