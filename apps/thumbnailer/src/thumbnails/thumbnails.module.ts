import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ARTIFACT_THUMBNAIL_MODEL, artifactThumbnailSchema } from '@core-vault/artifact-store';
import { CLOCK, systemClock } from '@core-vault/platform';
import { ArtifactVersionsRepository } from './artifact-versions.repository';
import { BackfillThumbnailsUseCase } from './backfill-thumbnails.usecase';
import { ChromiumHealthIndicator } from './chromium.health';
import { ChromiumRenderer } from './chromium-renderer';
import { RenderHostController } from './render-host.controller';
import { RenderThumbnailUseCase } from './render-thumbnail.usecase';
import { ThumbnailBackfillJob } from './thumbnail-backfill.job';
import { ThumbnailEventsConsumer } from './thumbnail-events.consumer';
import { ThumbnailQueue } from './thumbnail.queue';
import { ThumbnailWorker } from './thumbnail.worker';
import { ThumbnailsRepository } from './thumbnails.repository';

/**
 * Pictures of artifact versions: events (and the backfill, for versions no event asked for) →
 * BullMQ jobs → Chromium → the thumbnails collection.
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: ARTIFACT_THUMBNAIL_MODEL, schema: artifactThumbnailSchema }])],
  // The consumer is a controller: Nest registers its @EventPattern handlers.
  controllers: [RenderHostController, ThumbnailEventsConsumer],
  providers: [
    { provide: CLOCK, useValue: systemClock },
    ArtifactVersionsRepository,
    ThumbnailsRepository,
    ChromiumRenderer,
    ChromiumHealthIndicator,
    RenderThumbnailUseCase,
    ThumbnailQueue,
    ThumbnailWorker,
    BackfillThumbnailsUseCase,
    ThumbnailBackfillJob,
  ],
  exports: [ThumbnailQueue],
})
export class ThumbnailsModule {}
