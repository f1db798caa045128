import { type ArtifactType } from '@core-vault/contracts';
import { Suspense, lazy, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { isOwner, pinnedVersion, useViewArtifact } from '../hooks/useViewArtifact';
import { useViewerSession } from '../session';
import { ArtifactFrame } from './ArtifactFrame';
import { RemixedFrom, ReuseBar } from './ReuseBar';
import {
  AboutArtifact,
  ConversionBlock,
  Footer,
  OwnerHeaderFallback,
  PublicHeader,
  VersionNote,
  ViewShell,
} from './ViewLayout';
import { ArtifactError, ArtifactNotFound, InvalidArtifact, LoadingArtifact } from './ViewStates';

// The owner's controls (edit, history, network, share) are a chunk of their own: a visitor of a
// shared link never downloads them.
const OwnerHeader = lazy(() => import('./OwnerHeader').then((m) => ({ default: m.OwnerHeader })));

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
  const { state, reload } = useViewArtifact(id, session, onArtifactLoaded, fetchImpl, pinnedVersion(search));
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
  const ownerLayout = !artifact.isDemo && (isOwner(artifact, session) || pathname.includes('/dashboard'));
  return (
    <ViewShell layout={ownerLayout ? 'owner' : 'public'}>
      {ownerLayout ? (
        <Suspense fallback={<OwnerHeaderFallback artifact={artifact} />}>
          <OwnerHeader
            artifact={artifact}
            collapsed={collapsed}
            onToggle={() => setCollapsed((c) => !c)}
            accessToken={session.accessToken}
            onNetworkChange={(next) => setNetwork({ id: artifact.id, allowed: next })}
            onChanged={reload}
            {...(fetchImpl ? { fetchImpl } : {})}
          />
        </Suspense>
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
          edgeLabel={
            artifact.isDemo
              ? 'Demo content by Core Vault · runs isolated'
              : `Content by ${isOwner(artifact, session) ? 'you' : 'its author'} · runs isolated from Core Vault`
          }
        />
      </main>
      <RemixedFrom artifact={artifact} />
      <ReuseBar
        artifact={artifact}
        session={session}
        owned={isOwner(artifact, session)}
        {...(fetchImpl ? { fetchImpl } : {})}
      />
      <AboutArtifact description={artifact.description} source={artifact.source} />
      {!ownerLayout && <ConversionBlock />}
      {ownerLayout && <Footer />}
    </ViewShell>
  );
}
