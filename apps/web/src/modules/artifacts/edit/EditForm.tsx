import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type Artifact, type PublicArtifact } from '@core-vault/contracts';
import { Banner, Dialog } from '../../../components/ui';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';
import { ARTIFACT_TYPE_OPTIONS, DescriptionField, LivePreview, asFormType } from '../../upload';
import { ARTIFACT_LISTS } from '../hooks/useArtifactList';
import { CollectionsChecklist } from './CollectionsChecklist';
import { ConflictPanel } from './ConflictPanel';
import {
  EDIT_MESSAGES,
  type EditFields,
  changedFields,
  editBody,
  editProblem,
  fieldsOf,
  isEditConflict,
  saveFailure,
} from './edit-form';
import { membershipChanges, useArtifactCollections } from './useArtifactCollections';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';
import './edit.css';

/** What the save is measured against: the artifact as the form opened it. */
interface Base {
  fields: EditFields;
  revision: number;
}

type Conflict = { latest: PublicArtifact | null; loading: boolean } | null;

export function EditForm({
  artifact,
  onClose,
  onSaved,
}: {
  artifact: PublicArtifact;
  onClose: () => void;
  onSaved?: ((artifact: Artifact | null) => void) | undefined;
}) {
  const client = useQueryClient();
  const id = artifact.id;
  const [base, setBase] = useState<Base>(() => ({ fields: fieldsOf(artifact), revision: artifact.revision }));
  const [fields, setFields] = useState<EditFields>(base.fields);
  const membership = useArtifactCollections(id);
  const storedMembers = membership.data?.memberOf ?? [];
  // null until the owner ticks a box: the stored membership shows until then.
  const [selected, setSelected] = useState<string[] | null>(null);
  const [conflict, setConflict] = useState<Conflict>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const collectionChanges = membershipChanges(storedMembers, selected ?? storedMembers);
  const dirty =
    changedFields(base.fields, fields).length > 0 ||
    fields.versionNote.trim() !== '' ||
    collectionChanges.add.length + collectionChanges.remove.length > 0;
  const mayDiscard = useUnsavedChangesGuard(dirty && !saving);
  const set = (patch: Partial<EditFields>) => setFields((f) => ({ ...f, ...patch }));

  const refreshCaches = () =>
    Promise.all(
      [ARTIFACT_LISTS, [endpoints.artifacts.get.id], [endpoints.artifacts.listVersions.id]].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
  const refreshCollections = () =>
    Promise.all(
      [[endpoints.collections.list.id], [endpoints.collections.listArtifacts.id]].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );

  const loadLatest = async (): Promise<PublicArtifact | null> => {
    setConflict((c) => ({ latest: c?.latest ?? null, loading: true }));
    try {
      const { artifact: latest } = await api.call(endpoints.artifacts.get, { params: { id } });
      setConflict({ latest, loading: false });
      return latest;
    } catch (err) {
      setConflict((c) => ({ latest: c?.latest ?? null, loading: false }));
      setError(saveFailure(err) || EDIT_MESSAGES.latestFailed);
      return null;
    }
  };

  /** Saves on top of `revision`; a conflict keeps every edit and opens the conflict panel. */
  const save = async (revision: number) => {
    setError(null);
    setNotice(null);
    const problem = editProblem(fields);
    if (problem) return setError(problem);
    const body = editBody(base.fields, fields, revision);
    if (!body && collectionChanges.add.length + collectionChanges.remove.length === 0)
      return setNotice(EDIT_MESSAGES.nothingChanged);
    setSaving(true);
    let saved: Artifact | null = null;
    try {
      if (body) {
        saved = (await api.call(endpoints.artifacts.update, { params: { id }, body })).artifact;
        // Stored: from here a retry (a failed collection call) starts from this revision.
        setBase({ fields: { ...fieldsOf(saved), versionNote: '' }, revision: saved.revision });
        setFields((f) => ({ ...f, versionNote: '' }));
        setConflict(null);
        // The lists refetch behind the dialog: the caller shows `saved` itself, and waiting for
        // them kept a stored edit's dialog open on a slow network.
        void refreshCaches();
      }
      for (const collectionId of collectionChanges.add)
        await api.call(endpoints.collections.addArtifact, { params: { id: collectionId, artifactId: id } });
      for (const collectionId of collectionChanges.remove)
        await api.call(endpoints.collections.removeArtifact, {
          params: { id: collectionId, artifactId: id },
        });
      if (collectionChanges.add.length + collectionChanges.remove.length > 0) {
        void refreshCollections();
        if (!saved) void refreshCaches();
      }
      onSaved?.(saved);
      onClose();
    } catch (err) {
      if (isEditConflict(err)) setConflict({ latest: null, loading: false });
      else {
        setError(saveFailure(err));
        // Some collection calls may have gone through: show the stored membership again.
        if (saved || collectionChanges.add.length + collectionChanges.remove.length > 0)
          void refreshCollections();
      }
    } finally {
      setSaving(false);
    }
  };

  const saveAnyway = async () => {
    const latest = conflict?.latest ?? (await loadLatest());
    if (latest) await save(latest.revision);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(base.revision);
  };

  const close = () => {
    if (mayDiscard()) onClose();
  };
  const versioned = fields.content !== base.fields.content || fields.type !== base.fields.type;

  return (
    <Dialog title={`Edit: ${artifact.title}`} onClose={close}>
      <form className="ed-form" onSubmit={submit} aria-label="Edit artifact" noValidate>
        {conflict && (
          <ConflictPanel
            opened={base.fields}
            mine={fields}
            latest={conflict.latest}
            loadingLatest={conflict.loading}
            saving={saving}
            onReview={() => void loadLatest()}
            onSaveAnyway={() => void saveAnyway()}
          />
        )}
        {error && <Banner tone="error">{error}</Banner>}
        {notice && <Banner tone="info">{notice}</Banner>}
        <div className="ed-two">
          <div className="cv-field">
            <label htmlFor="ed-title">Title</label>
            <input
              id="ed-title"
              required
              value={fields.title}
              onChange={(e) => set({ title: e.target.value })}
            />
          </div>
          <div className="cv-field">
            <label htmlFor="ed-type">Type</label>
            <select
              id="ed-type"
              value={fields.type}
              onChange={(e) => set({ type: asFormType(e.target.value) })}
            >
              {ARTIFACT_TYPE_OPTIONS.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <DescriptionField
          id="ed-description"
          value={fields.description}
          onChange={(description) => set({ description })}
        />
        <div className="cv-field">
          <label htmlFor="ed-tags">Tags (comma-separated)</label>
          <input id="ed-tags" value={fields.tags} onChange={(e) => set({ tags: e.target.value })} />
        </div>
        <div className="cv-field">
          <label htmlFor="ed-content">Content</label>
          <textarea
            id="ed-content"
            rows={12}
            required
            spellCheck={false}
            value={fields.content}
            onChange={(e) => set({ content: e.target.value })}
            aria-describedby="ed-content-hint"
          />
          <span id="ed-content-hint" className="cv-hint">
            {fields.content.length.toLocaleString('en-US')} / 500,000 characters. A change of content or type
            makes a new version.
          </span>
        </div>
        {versioned && (
          <div className="cv-field">
            <label htmlFor="ed-note">Version note (optional)</label>
            <input
              id="ed-note"
              value={fields.versionNote}
              placeholder="What changed in this version?"
              onChange={(e) => set({ versionNote: e.target.value })}
            />
          </div>
        )}
        <CollectionsChecklist
          state={membership}
          selected={selected ?? storedMembers}
          onChange={setSelected}
        />
        <div className="cv-row">
          <button type="submit" className="cv-btn cv-btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save changes'}
          </button>
          <button type="button" className="cv-btn" onClick={close}>
            Cancel
          </button>
        </div>
        <LivePreview type={fields.type} content={fields.content} allowNetwork={artifact.allowNetwork} />
      </form>
    </Dialog>
  );
}
