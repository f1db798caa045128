import { type FormEvent, useState } from 'react';
import { type Collection } from '@core-vault/contracts';
import { endpoints } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/query';

/** The caller's collections: create, rename, delete, and pick one to show only its artifacts. */
export function CollectionsPanel({
  collections,
  selected,
  onSelect,
  onChanged,
}: {
  collections: Collection[];
  selected: string | null;
  onSelect: (id: string | null) => void;
  onChanged: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync: createCollection } = useApiMutation(endpoints.collections.create);
  const { mutateAsync: renameCollection } = useApiMutation(endpoints.collections.rename);
  const { mutateAsync: removeCollection } = useApiMutation(endpoints.collections.remove);

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      onChanged();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong');
    }
  };

  const create = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await createCollection({ body: { name } });
      setName('');
    });
  };

  return (
    <section className="db-collections" aria-labelledby="collections-title">
      <h2 id="collections-title">Collections</h2>
      {error && (
        <p className="cv-field-error" role="alert">
          {error}
        </p>
      )}
      <ul className="db-collection-list">
        <li>
          <button
            type="button"
            className={`cv-btn cv-btn-small${selected === null ? ' cv-btn-primary' : ''}`}
            aria-pressed={selected === null}
            onClick={() => onSelect(null)}
          >
            All artifacts
          </button>
        </li>
        {collections.map((c) => (
          <li key={c.id} className="cv-row">
            <button
              type="button"
              className={`cv-btn cv-btn-small${selected === c.id ? ' cv-btn-primary' : ''}`}
              aria-pressed={selected === c.id}
              onClick={() => onSelect(c.id)}
            >
              {c.name} ({c.artifactCount})
            </button>
            <button
              type="button"
              className="cv-link-btn"
              aria-label={`Rename collection ${c.name}`}
              onClick={() => {
                const next = window.prompt('New name for the collection', c.name);
                if (next && next.trim() !== c.name)
                  void run(() => renameCollection({ params: { id: c.id }, body: { name: next } }));
              }}
            >
              Rename
            </button>
            <button
              type="button"
              className="cv-link-btn"
              aria-label={`Delete collection ${c.name}`}
              onClick={() => {
                if (!window.confirm(`Delete the collection "${c.name}"? Its artifacts are kept.`)) return;
                if (selected === c.id) onSelect(null);
                void run(() => removeCollection({ params: { id: c.id } }));
              }}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form className="cv-row" onSubmit={create}>
        <label htmlFor="new-collection" className="cv-visually-hidden">
          New collection name
        </label>
        <input
          id="new-collection"
          className="cv-input db-collection-input"
          placeholder="New collection"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="cv-btn cv-btn-small" disabled={!name.trim()}>
          Create
        </button>
      </form>
    </section>
  );
}
