import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';
import { ArtifactEventsConsumer } from './artifact-events.consumer';
import { ARTIFACT_STATS_MODEL, artifactStatsSchema } from './artifact-stats.schema';
import { ArtifactStatsRepository } from './artifact-stats.repository';
import { HoldingSweep } from './holding-sweep';
import { ViewsConsumer } from './views.consumer';
import { VisitorSets } from './visitor-sets';

/** The analytics bounded context: view statistics per artifact, fed by Kafka. */
@Module({
  imports: [MongooseModule.forFeature([{ name: ARTIFACT_STATS_MODEL, schema: artifactStatsSchema }])],
  controllers: [AnalyticsController],
  providers: [
    ArtifactStatsRepository,
    VisitorSets,
    AnalyticsService,
    ViewsConsumer,
    ArtifactEventsConsumer,
    HoldingSweep,
  ],
})
export class AnalyticsModule {}
