import { type UseQueryResult } from '@tanstack/react-query';
import { messageOf } from '../../../lib/api/errors';
import { type ArtifactCollections } from './useArtifactCollections';

/** The owner's collections as checkboxes; ticked = holds this artifact (applied on save). */
export function CollectionsChecklist({
  state,
  selected,
  onChange,
}: {
  state: UseQueryResult<ArtifactCollections>;
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  return (
    <fieldset className="ed-collections">
      <legend>Collections</legend>
      {state.isPending && <p className="cv-hint">Loading collections...</p>}
      {state.isError && (
        <p className="cv-field-error" role="alert">
          {messageOf(state.error, 'Could not load your collections.')}
        </p>
      )}
      {state.data?.collections.length === 0 && (
        <p className="cv-hint">No collections yet. Create one on the dashboard.</p>
      )}
      {state.data?.collections.map((c) => (
        <label key={c.id} className="ed-check" htmlFor={`ed-col-${c.id}`}>
          <input
            id={`ed-col-${c.id}`}
            type="checkbox"
            checked={selected.includes(c.id)}
            onChange={(e) =>
              onChange(e.target.checked ? [...selected, c.id] : selected.filter((x) => x !== c.id))
            }
          />
          {c.name}
        </label>
      ))}
    </fieldset>
  );
}
