import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type TrashedArtifact } from '@core-vault/contracts';
import { api } from '../../../lib/api/client';
import { formatDateTime } from '../../../lib/dates';
import { apiQuery } from '../../../lib/query';
import { TRASH_TEXTS, trashRoute } from '../api/trash';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Unknown error');

/** The trash: what was deleted, days left before it goes for good, restore and delete forever. */
export function TrashView({ onRestored }: { onRestored: () => void }) {
  const client = useQueryClient();
  const query = useQuery(apiQuery(trashRoute.list));
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const reload = () => void client.invalidateQueries({ queryKey: [trashRoute.list.id] });

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      setNote(await work());
    } catch (err) {
      setNote(messageOf(err));
    } finally {
      setBusy(false);
      reload();
    }
  };
  const restore = (a: TrashedArtifact) =>
    act(async () => {
      await api.call(trashRoute.restore, { params: { id: a.id } });
      onRestored();
      return TRASH_TEXTS.restored(a.title || 'Untitled');
    });
  const deleteForever = (a: TrashedArtifact) => {
    if (!window.confirm(TRASH_TEXTS.confirmDeleteForever)) return;
    void act(async () => {
      await api.call(trashRoute.deleteForever, { params: { id: a.id } });
      return TRASH_TEXTS.deletedForever(1);
    });
  };
  const empty = () => {
    if (!window.confirm(TRASH_TEXTS.confirmEmpty)) return;
    void act(async () => TRASH_TEXTS.deletedForever((await api.call(trashRoute.empty, {})).deleted));
  };

  const items = query.data?.artifacts ?? [];
  return (
    <div className="db-trash">
      <div className="cv-row db-trash-head">
        <h2>{TRASH_TEXTS.heading}</h2>
        {items.length > 0 && (
          <button type="button" className="cv-btn cv-btn-small cv-btn-danger" onClick={empty} disabled={busy}>
            {TRASH_TEXTS.emptyTrash}
          </button>
        )}
      </div>
      <p className="cv-hint">{TRASH_TEXTS.hint}</p>
      {note && (
        <p role="status" className="cv-hint">
          {note}
        </p>
      )}
      {query.isPending ? (
        <p role="status">{TRASH_TEXTS.loading}</p>
      ) : query.isError ? (
        <p role="alert">{TRASH_TEXTS.loadFailed}</p>
      ) : items.length === 0 ? (
        <p className="db-empty">{TRASH_TEXTS.empty}</p>
      ) : (
        <ul className="db-trash-list" aria-label="Deleted artifacts">
          {items.map((a) => (
            <li key={a.id} className="cv-card db-trash-item">
              <div>
                <strong>{a.title || 'Untitled'}</strong>{' '}
                <span className="cv-badge cv-tone-blue">{a.type}</span>
                <p className="cv-hint">
                  Deleted <time dateTime={a.deletedAt}>{formatDateTime(a.deletedAt)}</time> ·{' '}
                  <span data-testid="days-left">{TRASH_TEXTS.daysLeft(a.daysLeft)}</span>
                </p>
              </div>
              <div className="cv-row">
                <button
                  type="button"
                  className="cv-btn cv-btn-small"
                  onClick={() => void restore(a)}
                  disabled={busy}
                  aria-label={`${TRASH_TEXTS.restore} ${a.title || 'Untitled'}`}
                >
                  {TRASH_TEXTS.restore}
                </button>
                <button
                  type="button"
                  className="cv-btn cv-btn-small cv-btn-danger"
                  onClick={() => deleteForever(a)}
                  disabled={busy}
                  aria-label={`${TRASH_TEXTS.deleteForever} ${a.title || 'Untitled'}`}
                >
                  {TRASH_TEXTS.deleteForever}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {query.data && query.data.total > items.length && (
        <p className="cv-hint">
          Showing the {items.length} most recently deleted of {query.data.total}.
        </p>
      )}
    </div>
  );
}
