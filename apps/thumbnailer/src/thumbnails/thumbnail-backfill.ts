import { artifactThumbnailId } from '@core-vault/artifact-store';
import { type CurrentVersionRef } from './artifact-versions.repository';

/**
 * A version made this recently is the events' to queue (its created or updated event may still be
 * in the artifacts service's outbox or the consumer's lag): the backfill leaves it alone, so it
 * only ever picks up what the event path missed.
 */
export const BACKFILL_GRACE_MS = 10 * 60_000;

/** Live artifacts read per query of a pass, and the most a pass reads before it stops. */
export const BACKFILL_PAGE = 500;
export const BACKFILL_MAX_SCANNED = 20 * BACKFILL_PAGE;

export interface BackfillSelection {
  /** The versions to queue, in walk order (least recently changed artifact first). */
  picked: CurrentVersionRef[];
  /**
   * The last row decided on: every row up to it is either picked or has its record. The next page
   * (or pass) goes on after it; rows after it were not looked at (the batch was full).
   */
  decidedUpTo: CurrentVersionRef | undefined;
}

/**
 * Which of a page of current versions the backfill queues: those with no record in
 * artifact_thumbnails at all, at most `room` of them. A `ready` one has its picture; a `pending`
 * one is being made; a `failed` one reached the dead-letter queue, where an operator decides
 * (docs/reference/thumbnails.md) — the backfill would only fail it again every few days.
 */
export function versionsToBackfill(
  rows: readonly CurrentVersionRef[],
  recorded: ReadonlySet<string>,
  room: number,
): BackfillSelection {
  const picked: CurrentVersionRef[] = [];
  let decidedUpTo: CurrentVersionRef | undefined;
  for (const row of rows) {
    if (picked.length >= room) break;
    decidedUpTo = row;
    if (!recorded.has(artifactThumbnailId(row.artifactId, row.version))) picked.push(row);
  }
  return { picked, decidedUpTo };
}
