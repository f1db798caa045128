import { useState } from 'react';
import { ARTIFACT_LIMITS, ARTIFACT_MESSAGES } from '@core-vault/contracts';
import { MarkdownLite } from '../../../components/MarkdownLite';
import './upload.css';

const MAX = ARTIFACT_LIMITS.descriptionMaxChars;

/**
 * The artifact's description (upload and edit): Markdown-lite text with a character counter and a
 * Write / Preview switch, the preview drawn exactly as the view page draws it (MarkdownLite).
 * Over the limit the counter says so with the API's message, before the server would.
 */
export function DescriptionField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [preview, setPreview] = useState(false);
  const over = value.length > MAX;
  return (
    <div className="cv-field up-description">
      <div className="cv-spread">
        <label htmlFor={id}>Description (optional)</label>
        <button
          type="button"
          className="cv-link-btn"
          aria-pressed={preview}
          onClick={() => setPreview((p) => !p)}
        >
          {preview ? 'Write' : 'Preview'}
        </button>
      </div>
      {preview ? (
        <div className="up-description-preview" data-testid={`${id}-preview`}>
          {value.trim() ? <MarkdownLite text={value} /> : <p className="cv-hint">Nothing to preview.</p>}
        </div>
      ) : (
        <textarea
          id={id}
          rows={4}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={`${id}-hint`}
          aria-invalid={over || undefined}
        />
      )}
      <span
        id={`${id}-hint`}
        className={over ? 'cv-field-error' : 'cv-hint'}
        role={over ? 'alert' : undefined}
      >
        {over
          ? ARTIFACT_MESSAGES.descriptionTooLong
          : `${value.length.toLocaleString('en-US')} / ${MAX.toLocaleString('en-US')} characters. ` +
            'Markdown-lite: **bold**, *italic*, `code`, [links](https://…), lists.'}
      </span>
    </div>
  );
}
