import { ARTIFACT_LIMITS, type PublishVersionsChoice } from '@core-vault/contracts';
import { type ArtifactDoc } from './artifact.schema';

/** What the visibility decisions read of an artifact. */
export type VersionVisibility = Pick<ArtifactDoc, 'isPublic' | 'version' | 'publishedVersions'>;

/**
 * The oldest earlier version kept beside current version `current`: older ones are pruned
 * (ARTIFACT_LIMITS.versionsKept), so nothing of them can be read or published any more.
 */
export const oldestKept = (current: number): number => Math.max(1, current - ARTIFACT_LIMITS.versionsKept);

const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/**
 * The content versions anyone may read while the artifact is public, ascending: the versions
 * that were current while it was public, and those its owner published. Artifacts stored before
 * #32 have no list: every kept version of one that is public counts as published (all of them
 * were readable, so nothing public disappears), none of one that is private (it becomes public
 * with its current version only, as any other).
 */
export function publishedVersions(doc: VersionVisibility): number[] {
  if (doc.publishedVersions) return doc.publishedVersions;
  return doc.isPublic ? range(oldestKept(doc.version), doc.version) : [];
}

/** Version `n` is published: anyone may read it whenever the artifact is public. */
export const isPublished = (doc: VersionVisibility, n: number): boolean => publishedVersions(doc).includes(n);

/**
 * The published list after a change: the artifact's visibility (`isPublic`) and current version
 * (`version`) once the change is stored, and the owner's choice when it is or becomes public
 * (`publish`; 'latest' when not given). A public artifact's current version is always published
 * — the one it had before the change too (it was readable) — and 'all' adds every kept earlier
 * one. Nothing is ever taken off the list: a version that was public stays citable, even after a
 * spell as private. Versions past the kept window are dropped (they are pruned), so the list stays
 * bounded.
 */
export function nextPublishedVersions(
  doc: VersionVisibility,
  after: { isPublic: boolean; version: number; publish?: PublishVersionsChoice | undefined },
): number[] {
  const published = new Set(publishedVersions(doc));
  if (doc.isPublic) published.add(doc.version);
  if (after.isPublic) {
    published.add(after.version);
    if (after.publish === 'all')
      for (const n of range(oldestKept(after.version), after.version)) published.add(n);
  }
  const oldest = oldestKept(after.version);
  return [...published].filter((n) => n >= oldest && n <= after.version).sort((a, b) => a - b);
}

/**
 * How a read pinned to content version `n` (`?v=N`, a pinned share or card) is answered:
 * - `current`: the current version (anyone who may read the artifact);
 * - `earlier`: a kept earlier version may be read (still 404 if its snapshot turns out missing);
 * - `private`: answered exactly as a private artifact is to the caller (403 "This artifact is
 *   private"; the card's 404), so nobody but the owner learns whether the version is kept or what
 *   it holds;
 * - `gone`: 404 "Version not found" — a number past the current one, or one pruned by rule:
 *   nothing about either is secret (the current number is public, pruned content is gone).
 * Owners and admins (`manages`) read every kept version, private artifact or not.
 */
export type PinnedRead = 'current' | 'earlier' | 'private' | 'gone';

export function pinnedRead(doc: VersionVisibility, n: number, manages: boolean): PinnedRead {
  if (!manages && !doc.isPublic) return 'private';
  if (n === doc.version) return 'current';
  if (n > doc.version) return 'gone';
  if (manages) return 'earlier';
  if (n < oldestKept(doc.version)) return 'gone';
  return isPublished(doc, n) ? 'earlier' : 'private';
}
