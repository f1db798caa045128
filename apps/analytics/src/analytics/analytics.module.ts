import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';
import { ArtifactEventsConsumer } from './artifact-events.consumer';
import { ARTIFACT_STATS_MODEL, artifactStatsSchema } from './artifact-stats.schema';
import { ArtifactStatsRepository } from './artifact-stats.repository';
import { BeaconController } from './beacon.controller';
import { BeaconService } from './beacon.service';
import { HoldingSweep } from './holding-sweep';
import { UserDeletedConsumer } from './user-deleted.consumer';
import { AnalyticsUserErasure } from './user-erasure.repository';
import { ViewsConsumer } from './views.consumer';
import { VisitorSets } from './visitor-sets';

/** The analytics bounded context: view statistics per artifact, fed by Kafka. */
@Module({
  imports: [MongooseModule.forFeature([{ name: ARTIFACT_STATS_MODEL, schema: artifactStatsSchema }])],
  // The event consumers are controllers too: Nest registers their @EventPattern handlers.
  controllers: [
    AnalyticsController,
    BeaconController,
    ViewsConsumer,
    ArtifactEventsConsumer,
    UserDeletedConsumer,
  ],
  providers: [
    ArtifactStatsRepository,
    BeaconService,
    VisitorSets,
    AnalyticsService,
    HoldingSweep,
    AnalyticsUserErasure,
  ],
})
export class AnalyticsModule {}
