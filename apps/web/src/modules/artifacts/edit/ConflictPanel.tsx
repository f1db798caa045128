import { ARTIFACT_MESSAGES, type PublicArtifact } from '@core-vault/contracts';
import { EDIT_MESSAGES, type EditFields, FIELD_LABELS, changedFields, fieldsOf } from './edit-form';

// Long content is shown in part: the comparison says what changed, the History dialog diffs it.
const EXCERPT = 4_000;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT)}\n…` : text);

/**
 * The save was refused because someone saved the artifact after this form opened. The form keeps
 * every edit; here the owner can load the latest version to see what changed (beside their own
 * values) and then save anyway — which sends only the fields they changed, on top of the latest.
 */
export function ConflictPanel({
  opened,
  mine,
  latest,
  loadingLatest,
  saving,
  onReview,
  onSaveAnyway,
}: {
  opened: EditFields;
  mine: EditFields;
  latest: PublicArtifact | null;
  loadingLatest: boolean;
  saving: boolean;
  onReview: () => void;
  onSaveAnyway: () => void;
}) {
  const theirs = latest ? fieldsOf(latest) : null;
  const changed = theirs ? changedFields(opened, theirs) : [];
  return (
    <div className="ed-conflict" data-testid="edit-conflict">
      <div className="cv-banner cv-banner-warning" role="alert">
        {ARTIFACT_MESSAGES.editConflict}
      </div>
      <div className="cv-row">
        <button type="button" className="cv-btn cv-btn-small" disabled={loadingLatest} onClick={onReview}>
          {loadingLatest ? 'Loading latest...' : 'Review latest'}
        </button>
        <button
          type="button"
          className="cv-btn cv-btn-small cv-btn-primary"
          disabled={saving || loadingLatest}
          onClick={onSaveAnyway}
        >
          {saving ? 'Saving...' : 'Save anyway'}
        </button>
      </div>
      {theirs && (
        <section aria-label="Latest version" className="ed-latest">
          <p role="status">
            {EDIT_MESSAGES.changedElsewhere(changed.map((f) => FIELD_LABELS[f]))} Saving anyway keeps those
            changes except in the fields you edited.
          </p>
          {changed.map((f) => (
            <div key={f} className="ed-compare">
              <h3>{FIELD_LABELS[f]}</h3>
              <div className="ed-compare-pair">
                <figure>
                  <figcaption>Latest</figcaption>
                  <pre data-testid={`latest-${f}`}>{excerpt(theirs[f]) || '(empty)'}</pre>
                </figure>
                <figure>
                  <figcaption>Your edit</figcaption>
                  <pre data-testid={`mine-${f}`}>{excerpt(mine[f]) || '(empty)'}</pre>
                </figure>
              </div>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
