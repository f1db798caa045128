import { type DragEvent, type FormEvent, useRef, useState } from 'react';
import { type Artifact } from '@core-vault/contracts';
import { detectArtifactType, titleFromFileName, typeForFile } from '@core-vault/artifact-detection';
import { type UploadProgress } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/query';
import {
  ARTIFACT_TYPE_OPTIONS,
  UPLOAD_MESSAGES,
  type UploadFields,
  asFormType,
  createBody,
  emptyUpload,
  uploadFailure,
  uploadProblem,
} from '../upload-form';
import { DescriptionField } from './DescriptionField';
import { LivePreview } from './LivePreview';
import { UploadProgressBar } from './UploadProgressBar';
import { Banner } from '../../../components/ui';
import './upload.css';

/** Title, description, type, content, public, tags; file drop; auto-detection; live preview (spec §2–5). */
export function UploadForm({
  onUploaded,
  initial = emptyUpload,
}: {
  onUploaded: (artifact: Artifact) => void;
  /** Where the form starts (something shared into the app); empty otherwise. */
  initial?: UploadFields;
}) {
  const [form, setForm] = useState<UploadFields>(initial);
  const create = useApiMutation(endpoints.artifacts.create);
  const busy = create.isPending;
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = useRef<AbortController | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const setContent = (content: string) =>
    setForm((f) => ({ ...f, content, type: asFormType(detectArtifactType(content) ?? f.type) }));

  const readFile = async (file: File) => {
    const content = await file.text();
    setForm((f) => ({
      ...f,
      content,
      type: asFormType(typeForFile(file.name, content, f.type)),
      title: f.title.trim() ? f.title : titleFromFileName(file.name),
    }));
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) void readFile(file);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = uploadProblem(form);
    if (problem) {
      setError(problem);
      window.alert(problem);
      return;
    }
    setError(null);
    setNotice(null);
    const controller = new AbortController();
    upload.current = controller;
    setProgress({ loaded: 0, total: null });
    try {
      const res = await create.mutateAsync({
        body: createBody(form),
        signal: controller.signal,
        onUploadProgress: setProgress,
      });
      setForm(emptyUpload);
      onUploaded(res.artifact);
    } catch (err) {
      // Cancelled by the user: nothing went wrong, and the form keeps what was typed.
      if (controller.signal.aborted) return setNotice(UPLOAD_MESSAGES.cancelled);
      const message = uploadFailure(err);
      setError(message);
      window.alert(message);
    } finally {
      upload.current = null;
      setProgress(null);
    }
  };

  return (
    <form className="up-form" onSubmit={(e) => void submit(e)} aria-label="Upload artifact">
      {error && <Banner tone="error">{error}</Banner>}
      {notice && <Banner tone="info">{notice}</Banner>}
      <div className="up-two">
        <div className="cv-field">
          <label htmlFor="up-title">Title</label>
          <input
            id="up-title"
            required
            value={form.title}
            onChange={(e) => setForm({ ...form, title: e.target.value })}
          />
        </div>
        <div className="cv-field">
          <label htmlFor="up-type">Type</label>
          <select
            id="up-type"
            value={form.type}
            onChange={(e) => setForm({ ...form, type: asFormType(e.target.value) })}
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
        id="up-description"
        value={form.description}
        onChange={(description) => setForm((f) => ({ ...f, description }))}
      />
      <div
        className={`up-drop${dragging ? ' up-drop-active' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
      >
        <p>
          Drop a file here (.html, .jsx, .tsx, .ts, .md, .svg) or{' '}
          <button type="button" className="cv-link-btn" onClick={() => fileInput.current?.click()}>
            choose a file
          </button>
          .
        </p>
        <input
          ref={fileInput}
          type="file"
          className="cv-visually-hidden"
          tabIndex={-1}
          aria-label="Choose a file to upload"
          accept=".html,.htm,.jsx,.tsx,.ts,.js,.md,.markdown,.svg,.txt"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void readFile(file);
            e.target.value = '';
          }}
        />
      </div>
      <div className="cv-field">
        <label htmlFor="up-content">Content</label>
        <textarea
          id="up-content"
          rows={15}
          required
          spellCheck={false}
          value={form.content}
          onChange={(e) => setContent(e.target.value)}
          aria-describedby="up-content-hint"
        />
        <span id="up-content-hint" className="cv-hint">
          {form.content.length.toLocaleString()} / 500,000 characters. The type is detected automatically from
          content over 50 characters.
        </span>
      </div>
      <div className="up-two">
        <div className="cv-field">
          <label htmlFor="up-tags">Tags (comma-separated)</label>
          <input
            id="up-tags"
            value={form.tags}
            onChange={(e) => setForm({ ...form, tags: e.target.value })}
          />
        </div>
        <label className="up-check" htmlFor="up-public">
          <input
            id="up-public"
            type="checkbox"
            checked={form.isPublic}
            onChange={(e) => setForm({ ...form, isPublic: e.target.checked })}
          />
          Make this artifact public (anyone with the link can view it)
        </label>
        <label className="up-check" htmlFor="up-network">
          <input
            id="up-network"
            type="checkbox"
            checked={form.allowNetwork}
            onChange={(e) => setForm({ ...form, allowNetwork: e.target.checked })}
          />
          Allow network access (the artifact may call internet services over https; viewers see a badge)
        </label>
      </div>
      <button type="submit" className="cv-btn cv-btn-primary" disabled={busy}>
        {busy ? 'Uploading...' : 'Upload Artifact'}
      </button>
      {progress && <UploadProgressBar progress={progress} onCancel={() => upload.current?.abort()} />}
      <LivePreview type={form.type} content={form.content} allowNetwork={form.allowNetwork} />
    </form>
  );
}
