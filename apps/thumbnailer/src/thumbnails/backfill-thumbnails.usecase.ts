import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@core-vault/platform';
import { type ThumbnailerConfig } from '../config';
import { ArtifactVersionsRepository, type CurrentVersionRef } from './artifact-versions.repository';
import {
  BACKFILL_GRACE_MS,
  BACKFILL_MAX_SCANNED,
  BACKFILL_PAGE,
  versionsToBackfill,
} from './thumbnail-backfill';
import { ThumbnailQueue } from './thumbnail.queue';
import { ThumbnailsRepository } from './thumbnails.repository';

/** Where the next pass goes on: after this artifact in the walk, or from the start (null). */
export type BackfillPosition = Pick<CurrentVersionRef, 'artifactId' | 'updatedAt'> | null;

export interface BackfillPass {
  /** Versions asked for (a job of that version already there is kept: nothing renders twice). */
  queued: number;
  scanned: number;
  next: BackfillPosition;
}

/**
 * One backfill pass: walks live artifacts least recently changed first from `from`, and queues the
 * current versions without a picture, THUMBNAIL_BACKFILL_BATCH at most, with the event path's job
 * id (`thumbnailJobId`), so a version its event queued too is one job. Bounded twice: the batch,
 * and BACKFILL_MAX_SCANNED rows read; the returned position lets the next pass go on from there,
 * and once the walk reaches the end it starts over.
 */
@Injectable()
export class BackfillThumbnailsUseCase {
  constructor(
    private readonly versions: ArtifactVersionsRepository,
    private readonly thumbnails: ThumbnailsRepository,
    private readonly queue: ThumbnailQueue,
    @Inject(APP_CONFIG) private readonly config: ThumbnailerConfig,
  ) {}

  async execute(from: BackfillPosition, now: Date): Promise<BackfillPass> {
    const before = new Date(now.getTime() - BACKFILL_GRACE_MS);
    const batch = this.config.THUMBNAIL_BACKFILL_BATCH;
    let after = from;
    let queued = 0;
    let scanned = 0;
    while (queued < batch && scanned < BACKFILL_MAX_SCANNED) {
      const rows = await this.versions.liveCurrentVersions(before, after, BACKFILL_PAGE);
      scanned += rows.length;
      const recorded = await this.thumbnails.recordedVersions(rows);
      const { picked, decidedUpTo } = versionsToBackfill(rows, recorded, batch - queued);
      for (const v of picked)
        await this.queue.enqueue({ artifactId: v.artifactId, ownerId: v.owner, version: v.version });
      queued += picked.length;
      const pageDone = decidedUpTo === rows.at(-1);
      if (pageDone && rows.length < BACKFILL_PAGE) return { queued, scanned, next: null };
      if (decidedUpTo) after = { artifactId: decidedUpTo.artifactId, updatedAt: decidedUpTo.updatedAt };
    }
    return { queued, scanned, next: after };
  }
}
