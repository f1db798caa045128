import { type ReactNode } from 'react';
import { formatDateTime } from '../../../../lib/dates';
import {
  HISTORY_TEXTS as T,
  authorLabel,
  restoreQuestion,
  restoredFromLabel,
  sizeLabel,
  versionName,
} from './history-labels';
import { type ShareChannel } from './pinned-share';

export interface VersionRow {
  version: number;
  type: string;
  size: number;
  createdAt: string;
  current: boolean;
  note: string | null;
  author: string | null;
  restoredFrom: number | null;
}

export interface VersionItemProps {
  v: VersionRow;
  me: string | null;
  /** The artifact is public but this version is not (saved while it was private): only the owner opens it. */
  unpublished?: boolean;
  previewing: boolean;
  confirming: boolean;
  restoring: boolean;
  onPreview: () => void;
  onAskRestore: () => void;
  onRestore: () => void;
  onCancelRestore: () => void;
  onCopy: (channel: ShareChannel) => void;
  /** The preview frame, when open (a lazy chunk the dialog provides). */
  preview: ReactNode;
}

/** One version: number, when, who, size, note, where it came from, and what can be done with it. */
export function VersionItem(p: VersionItemProps) {
  const { v } = p;
  const who = authorLabel(v.author, p.me);
  const restored = v.restoredFrom !== null ? restoredFromLabel(v.restoredFrom) : null;
  // The service writes the restore note itself; showing it twice would say the same thing twice.
  const note = v.note && v.note !== restored ? v.note : null;
  const headingId = `vh-version-${v.version}`;
  return (
    <li className="vh-version" aria-labelledby={headingId} data-testid="history-version">
      <div className="vh-version-head">
        <strong id={headingId}>{versionName(v.version)}</strong>
        {v.current && <span className="cv-badge cv-tone-green">{T.current}</span>}
        {p.unpublished && (
          <span className="cv-badge cv-tone-grey" title={T.unpublishedHint}>
            {T.unpublished}
          </span>
        )}
        <span className="cv-hint">
          <time dateTime={v.createdAt}>{formatDateTime(v.createdAt)}</time>
          {who && ` · ${who}`} · {v.type} · {sizeLabel(v.size)}
        </span>
      </div>
      {restored && <p className="vh-restored">{restored}</p>}
      {note && <p className="vh-note">{note}</p>}
      <div className="vh-actions">
        <button
          type="button"
          className="cv-btn cv-btn-small"
          aria-expanded={p.previewing}
          onClick={p.onPreview}
        >
          {p.previewing ? T.closePreview : T.preview}
        </button>
        {!v.current && !p.confirming && (
          <button
            type="button"
            className="cv-btn cv-btn-small"
            disabled={p.restoring}
            onClick={p.onAskRestore}
          >
            {T.restore}
          </button>
        )}
        <button type="button" className="cv-btn cv-btn-small" onClick={() => p.onCopy('link')}>
          {T.copyLink}
        </button>
        <button type="button" className="cv-btn cv-btn-small" onClick={() => p.onCopy('embed')}>
          {T.copyEmbed}
        </button>
      </div>
      {p.confirming && (
        <div className="vh-confirm" role="group" aria-label={`Restore ${versionName(v.version)}`}>
          <p>{restoreQuestion(v.version)}</p>
          <div className="cv-row">
            <button
              type="button"
              className="cv-btn cv-btn-small cv-btn-primary"
              disabled={p.restoring}
              onClick={p.onRestore}
            >
              {p.restoring ? T.restoring : `Restore ${versionName(v.version).toLowerCase()}`}
            </button>
            <button
              type="button"
              className="cv-btn cv-btn-small"
              disabled={p.restoring}
              onClick={p.onCancelRestore}
            >
              {T.cancel}
            </button>
          </div>
        </div>
      )}
      {p.previewing && p.preview}
    </li>
  );
}
