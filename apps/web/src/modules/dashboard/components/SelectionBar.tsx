import { type BulkAction, type Collection } from '@core-vault/contracts';
import { BULK_TEXTS } from '../api/trash';

export interface SelectionBarProps {
  count: number;
  busy: boolean;
  collections: Collection[];
  onSelectAll: () => void;
  onClear: () => void;
  onAction: (action: BulkAction, collectionId?: string) => void;
}

/** The bar of selection mode: how many are selected and what can be done with them. */
export function SelectionBar(p: SelectionBarProps) {
  const none = p.count === 0 || p.busy;
  return (
    <div className="db-selection cv-card" role="toolbar" aria-label="Selected artifacts">
      <strong aria-live="polite">{BULK_TEXTS.selected(p.count)}</strong>
      <button type="button" className="cv-btn cv-btn-small" onClick={p.onSelectAll} disabled={p.busy}>
        {BULK_TEXTS.selectAll}
      </button>
      <button type="button" className="cv-btn cv-btn-small" onClick={p.onClear} disabled={none}>
        {BULK_TEXTS.clear}
      </button>
      <button
        type="button"
        className="cv-btn cv-btn-small"
        onClick={() => p.onAction('make-public')}
        disabled={none}
      >
        {BULK_TEXTS.makePublic}
      </button>
      <button
        type="button"
        className="cv-btn cv-btn-small"
        onClick={() => p.onAction('make-private')}
        disabled={none}
      >
        {BULK_TEXTS.makePrivate}
      </button>
      {p.collections.length > 0 && (
        <select
          aria-label={BULK_TEXTS.addTo}
          className="cv-input db-selection-collection"
          value=""
          disabled={none}
          onChange={(e) => e.target.value && p.onAction('add-to-collection', e.target.value)}
        >
          <option value="">{BULK_TEXTS.chooseCollection}</option>
          {p.collections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      )}
      <button
        type="button"
        className="cv-btn cv-btn-small cv-btn-danger"
        onClick={() => p.onAction('move-to-trash')}
        disabled={none}
      >
        {BULK_TEXTS.delete}
      </button>
    </div>
  );
}
