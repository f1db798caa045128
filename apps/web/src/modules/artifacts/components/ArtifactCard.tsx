import { Suspense, lazy, useState } from 'react';
import { type ArtifactSummary, type Collection, type SearchSnippet } from '@core-vault/contracts';
import { endpoints } from '../../../lib/api/endpoints';
import { formatDateTime } from '../../../lib/dates';
import { useApiMutation } from '../../../lib/query';
import { copyShare, deleteArtifact, toggleVisibility } from '../artifact-actions';
import { LazyEditDialog } from '../edit/LazyEditDialog';
import { LazyPublishDialog } from './publish/LazyPublishDialog';
import { CARD_MENU_TEXTS, type CardMenuAction } from './card-menu-texts';
import { ArtifactThumbnail } from './ArtifactThumbnail';
import { SearchSnippets } from './SearchSnippets';

// The ⋯ menu (Radix) comes in its own chunk, fetched as the cards render: the dashboard's first
// chunk stays without it. Until it is there the button stands in, disabled.
const ArtifactCardMenu = lazy(() =>
  import('./ArtifactCardMenu').then((m) => ({ default: m.ArtifactCardMenu })),
);

export interface ArtifactCardProps {
  artifact: ArtifactSummary;
  /** Where a search matched (search results only). */
  snippets?: SearchSnippet[] | undefined;
  collections: Collection[];
  onChanged: (artifact: ArtifactSummary) => void;
  onDeleted: (id: string) => void;
  onShowVersions: (artifact: ArtifactSummary) => void;
  onCollectionsChanged: () => void;
  /** Selection mode (the dashboard's bulk actions): whether this card is selected, and its change. */
  selected?: boolean;
  onSelect?: ((id: string, selected: boolean) => void) | undefined;
}

export function ArtifactCard({
  artifact: a,
  snippets,
  collections,
  onChanged,
  onDeleted,
  onShowVersions,
  onCollectionsChanged,
  selected = false,
  onSelect,
}: ArtifactCardProps) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const headingId = `artifact-${a.id}-title`;
  const { mutateAsync: addArtifact } = useApiMutation(endpoints.collections.addArtifact);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const addToCollection = (collectionId: string) =>
    run(async () => {
      if (!collectionId) return;
      try {
        await addArtifact({ params: { id: collectionId, artifactId: a.id } });
        setNote(`Added to ${collections.find((c) => c.id === collectionId)?.name ?? 'collection'}`);
        onCollectionsChanged();
      } catch (err) {
        setNote(err instanceof Error ? err.message : 'Could not add to the collection');
      }
    });

  const onMenu = (action: CardMenuAction) => {
    switch (action.kind) {
      case 'embed':
        return void copyShare(a, 'embed');
      case 'history':
        return onShowVersions(a);
      case 'collection':
        return void addToCollection(action.collectionId);
      case 'delete':
        return void run(async () => {
          if (await deleteArtifact(a, true)) onDeleted(a.id);
        });
      case 'visibility':
        // Make Public of an artifact with earlier versions asks which of them become public (#32).
        if (!a.isPublic && a.version > 1) return setPublishing(true);
        return void run(async () => {
          const updated = await toggleVisibility(a, true);
          if (updated) onChanged(updated);
        });
    }
  };

  return (
    <article className="ac-card cv-card" aria-labelledby={headingId} data-testid="artifact-card">
      {onSelect && (
        <label className="ac-select">
          <input type="checkbox" checked={selected} onChange={(e) => onSelect(a.id, e.target.checked)} />
          <span className="cv-visually-hidden">Select {a.title || 'Untitled'}</span>
        </label>
      )}
      <ArtifactThumbnail id={a.id} version={a.version} type={a.type} />
      <header className="ac-head">
        <h3 id={headingId} className="ac-title">
          {a.title || 'Untitled'}
        </h3>
        <div className="cv-row">
          <span className="cv-badge cv-tone-blue">{a.type}</span>
          <span className={`cv-badge ${a.isPublic ? 'cv-tone-green' : 'cv-tone-grey'}`}>
            {a.isPublic ? 'Public' : 'Private'}
          </span>
        </div>
      </header>
      <p className="cv-hint ac-meta">
        <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time>
        {typeof a.viewCount === 'number' && (
          <>
            {' · '}
            <span data-testid="view-count">
              {a.viewCount} {a.viewCount === 1 ? 'view' : 'views'}
            </span>
          </>
        )}
        {/* Reuse (#35): shown once someone downloaded or copied it, so most cards stay short. */}
        {a.downloadCount > 0 && (
          <span data-testid="download-count">
            {' · '}
            {a.downloadCount} {a.downloadCount === 1 ? 'download' : 'downloads'}
          </span>
        )}
        {a.remixCount > 0 && (
          <span data-testid="remix-count">
            {' · '}
            {a.remixCount} {a.remixCount === 1 ? 'copy' : 'copies'}
          </span>
        )}
        {a.version > 1 && ` · v${a.version}`}
      </p>
      {a.remixedFrom && (
        <p className="cv-hint ac-meta">
          Remixed from{' '}
          <a href={`/view/${encodeURIComponent(a.remixedFrom.artifactId)}`}>{a.remixedFrom.title}</a>
        </p>
      )}
      {snippets && <SearchSnippets snippets={snippets} />}
      {a.tags.length > 0 && (
        <ul className="ac-tags" aria-label="Tags">
          {a.tags.map((t) => (
            <li key={t} className="cv-badge">
              #{t}
            </li>
          ))}
        </ul>
      )}
      <div className="ac-actions">
        <a
          className="cv-btn cv-btn-small"
          href={`/view/${encodeURIComponent(a.id)}`}
          target="_blank"
          rel="noopener"
        >
          Preview
        </a>
        <button
          type="button"
          className="cv-btn cv-btn-small"
          disabled={busy}
          onClick={() => void copyShare(a, 'link')}
        >
          Copy Link
        </button>
        <button
          type="button"
          className="cv-btn cv-btn-small"
          disabled={busy}
          onClick={() => setEditing(true)}
        >
          Edit
        </button>
        <Suspense
          fallback={
            <button
              type="button"
              className="cv-btn cv-btn-small ac-more"
              aria-label={CARD_MENU_TEXTS.more(a.title)}
              disabled
            >
              <span aria-hidden="true">⋯</span>
            </button>
          }
        >
          <ArtifactCardMenu artifact={a} collections={collections} disabled={busy} onAction={onMenu} />
        </Suspense>
      </div>
      {editing && (
        <LazyEditDialog
          artifactId={a.id}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            if (saved) onChanged(saved);
            onCollectionsChanged();
          }}
        />
      )}
      {publishing && (
        <LazyPublishDialog artifact={a} onClose={() => setPublishing(false)} onPublished={onChanged} />
      )}
      {note && (
        <p className="cv-hint" role="status">
          {note}
        </p>
      )}
    </article>
  );
}
