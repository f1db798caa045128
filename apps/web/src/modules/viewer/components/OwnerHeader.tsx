import { Link } from 'react-router-dom';
import { ArtifactOwnerActions } from '../../artifacts';
import { type ViewArtifact } from '../hooks/useViewArtifact';
import { NetworkBadge } from './NetworkAccess';
import { NetworkToggle } from './NetworkToggle';
import { FrameHeightSetting } from './FrameHeightSetting';
import { RemixToggle } from './RemixToggle';
import { VIEW_MESSAGES as M } from '../messages';
import { RuntimeSettings } from './RuntimeSettings';
import { ShareButton } from './ShareButton';
import { formatDate } from './ViewLayout';

export interface OwnerHeaderProps {
  artifact: ViewArtifact;
  collapsed: boolean;
  onToggle: () => void;
  accessToken: string | null;
  /** The owner switched network access (the frame reloads with the matching CSP). */
  onNetworkChange: (allowed: boolean) => void;
  /** The owner saved an edit or restored a version: the page shows the stored artifact. */
  onChanged: () => void;
  fetchImpl?: typeof fetch;
}

/**
 * The owner's header: views, tags, collapse, network access, edit and history, share. Its own
 * chunk (with the edit button's and the switch's code): a visitor's page never downloads it.
 */
export function OwnerHeader({
  artifact,
  collapsed,
  onToggle,
  accessToken,
  onNetworkChange,
  onChanged,
  fetchImpl,
}: OwnerHeaderProps) {
  const allowed = artifact.renderable.allowNetwork === true;
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
      {artifact.downloadCount !== null && <span>{M.downloads(artifact.downloadCount)}</span>}
      {artifact.remixCount !== null && <span>{M.copies(artifact.remixCount)}</span>}
      {artifact.tags.map((t) => (
        <span key={t}>#{t}</span>
      ))}
      {allowed && <NetworkBadge />}
      <NetworkToggle
        artifactId={artifact.id}
        allowed={allowed}
        accessToken={accessToken}
        onChange={onNetworkChange}
        {...(fetchImpl ? { fetchImpl } : {})}
      />
      {artifact.isPublic && (
        <RemixToggle
          artifactId={artifact.id}
          allowed={artifact.allowRemix}
          accessToken={accessToken}
          onChange={onChanged}
          {...(fetchImpl ? { fetchImpl } : {})}
        />
      )}
      <FrameHeightSetting
        artifactId={artifact.id}
        value={artifact.renderable.frameHeight ?? null}
        accessToken={accessToken}
        onChange={() => onChanged()}
        {...(fetchImpl ? { fetchImpl } : {})}
      />
      <RuntimeSettings
        artifactId={artifact.id}
        accessToken={accessToken}
        {...(fetchImpl ? { fetchImpl } : {})}
      />
      <span className="cv-view-spacer" />
      <Link to="/dashboard">← Dashboard</Link>
      <ArtifactOwnerActions artifactId={artifact.id} onSaved={onChanged} />
      <ShareButton />
    </header>
  );
}
