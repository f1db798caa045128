import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import { ARTIFACT_LIMITS } from '@core-vault/contracts';
import { CLOCK, type Clock, LOGGER } from '@core-vault/platform';
import { ArtifactVersionsRepository } from './artifact-versions.repository';
import { ChromiumRenderer } from './chromium-renderer';
import { type ThumbnailJobData, oldestThumbnailKept } from './thumbnail-jobs';
import { ThumbnailsRepository } from './thumbnails.repository';

export type RenderOutcome = 'rendered' | 'already-made' | 'gone';

/**
 * One job: read the version, render it, store both sizes. A version that is gone (the artifact
 * deleted, the version pruned) is no failure: there is nothing left to picture. A failing render
 * throws, and BullMQ retries it (the worker dead-letters the last failure).
 */
@Injectable()
export class RenderThumbnailUseCase {
  constructor(
    private readonly versions: ArtifactVersionsRepository,
    private readonly thumbnails: ThumbnailsRepository,
    private readonly renderer: ChromiumRenderer,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute({ artifactId, version }: ThumbnailJobData): Promise<RenderOutcome> {
    if ((await this.thumbnails.status(artifactId, version)) === 'ready') return 'already-made';
    const found = await this.versions.find(artifactId, version);
    if (!found) {
      this.logger.info({ artifactId, version }, 'thumbnail skipped: the version is gone');
      return 'gone';
    }
    const images = await this.renderer.render({ ...found.artifact, id: artifactId });
    await this.thumbnails.storeReady(artifactId, found.owner, version, images, this.clock.now());
    // Deleted while it rendered: its deleted event may already have removed the pictures, so
    // these must not outlive it.
    if (!(await this.versions.exists(artifactId))) {
      await this.thumbnails.removeArtifact(artifactId);
      return 'gone';
    }
    await this.thumbnails.pruneBefore(
      artifactId,
      oldestThumbnailKept(found.current, ARTIFACT_LIMITS.versionsKept),
    );
    return 'rendered';
  }
}
