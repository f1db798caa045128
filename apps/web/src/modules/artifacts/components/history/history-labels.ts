/**
 * The words of the History view: who made a version, its size, where it came from, and one line
 * per activity entry. Kept apart from the components so the wording is decided (and tested) once.
 */
export const HISTORY_TEXTS = {
  historyTitle: 'Version history',
  versionsTab: 'Versions',
  activityTab: 'Activity',
  loadingVersions: 'Loading versions...',
  loadingActivity: 'Loading activity...',
  versionsFailed: 'Failed to load versions',
  activityFailed: 'Failed to load activity',
  noActivity: 'No activity recorded yet.',
  current: 'current',
  unpublished: 'private',
  unpublishedHint: 'Saved while this artifact was private: only you can open it.',
  you: 'You',
  anotherAccount: 'Another account',
  compare: 'Compare',
  compareHint: 'Pick two versions to compare.',
  older: 'Older version',
  newer: 'Newer version',
  sideBySide: 'Side by side',
  unified: 'Unified',
  comparing: 'Comparing versions...',
  noDifferences: 'No differences: these versions have the same content.',
  compareFailed: 'Could not compare these versions. Please try again.',
  tooDifferent:
    'These versions differ too much for a line-by-line comparison in reasonable time; each is shown whole.',
  loadingContent: 'Loading version content...',
  preview: 'Preview',
  closePreview: 'Close preview',
  restore: 'Restore',
  restoring: 'Restoring...',
  cancel: 'Cancel',
  restoreFailed: 'Failed to restore',
  copyLink: 'Copy link to this version',
  copyEmbed: 'Copy embed of this version',
  copyFailed: 'Could not copy to the clipboard. Please copy it manually:',
} as const;

export const versionName = (n: number): string => `Version ${n}`;

export const restoredFromLabel = (n: number): string => `Restored from version ${n}`;

export const restoreQuestion = (n: number): string =>
  `Restore version ${n}? Its content becomes a new version; every existing version is kept.`;

export const restoredNotice = (from: number, to: number): string =>
  `Version ${from} restored as version ${to}.`;

export const copiedNotice = (channel: 'link' | 'embed', n: number): string =>
  channel === 'link' ? `Link to version ${n} copied.` : `Embed code of version ${n} copied.`;

/** "You" for the signed-in user; null when the version predates authors being recorded. */
export function authorLabel(author: string | null, me: string | null): string | null {
  if (author === null) return null;
  return author === me ? HISTORY_TEXTS.you : HISTORY_TEXTS.anotherAccount;
}

export const sizeLabel = (chars: number): string =>
  `${chars.toLocaleString('en-US')} ${chars === 1 ? 'character' : 'characters'}`;

export const changeSummary = (added: number, removed: number): string =>
  `${added.toLocaleString('en-US')} ${added === 1 ? 'line' : 'lines'} added, ${removed.toLocaleString('en-US')} removed`;

export const foldLabel = (count: number): string =>
  `… ${count.toLocaleString('en-US')} unchanged ${count === 1 ? 'line' : 'lines'}`;

export const showMoreLabel = (next: number, left: number): string =>
  `Show ${next.toLocaleString('en-US')} more lines (${left.toLocaleString('en-US')} left)`;

const FIELD_NAMES: Record<string, string> = {
  title: 'title',
  description: 'description',
  tags: 'tags',
  type: 'type',
  content: 'content',
  isPublic: 'visibility',
  allowNetwork: 'network access',
  // Earlier versions the owner published (#32).
  publishedVersions: 'which versions are public',
};

/** "title", "title and tags", "title, description and tags". */
export function fieldList(fields: readonly string[]): string {
  const names = fields.map((f) => FIELD_NAMES[f] ?? f);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export interface ActivityLike {
  kind: 'created' | 'edited' | 'version' | 'restored';
  fields: readonly string[];
  version: number | null;
}

export function activityLabel(entry: ActivityLike): string {
  const v = entry.version;
  switch (entry.kind) {
    case 'created':
      return v === null ? 'Created' : `Created (version ${v})`;
    case 'restored':
      return v === null ? 'Restored an earlier version' : `Restored an earlier version as version ${v}`;
    case 'version': {
      const what = entry.fields.length ? `: changed ${fieldList(entry.fields)}` : '';
      return v === null ? `New version${what}` : `Version ${v}${what}`;
    }
    case 'edited':
      return entry.fields.length ? `Changed ${fieldList(entry.fields)}` : 'Edited';
  }
}
