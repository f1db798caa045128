import { Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Client } from '@opensearch-project/opensearch';
import { APP_CONFIG } from '@core-vault/platform';
import { ARTIFACT_MODEL, artifactSchema } from '../artifacts/artifact.schema';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { type ArtifactsConfig } from '../config';
import { ArtifactSearchConsumer } from './artifact-search.consumer';
import { OPENSEARCH, createOpenSearchClient, openSearchSettings } from './opensearch.client';
import { OpenSearchHealthIndicator } from './opensearch.health';
import {
  SEARCH_BACKLOG_MODEL,
  SearchBacklogRepository,
  searchBacklogSchema,
} from './search-backlog.repository';
import { SearchCatchUp } from './search-catch-up';
import { SearchIndexAdmin } from './search-index.admin';
import { SearchIndexBootstrap } from './search-index.bootstrap';
import { ArtifactSearchRepository } from './search.repository';
import { RebuildSearchIndex } from './usecases/rebuild-search-index/rebuild-search-index.usecase';

/** Closes the client's connections after everything else that used them has stopped. */
@Injectable()
class OpenSearchShutdown implements OnApplicationShutdown {
  constructor(@Inject(OPENSEARCH) private readonly client: Client) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

/**
 * The search read model (docs/reference/search.md): the OpenSearch client, the index and its lifecycle,
 * the consumer that feeds it from the artifacts' events, and the rebuild. The artifacts module
 * reads through ArtifactSearchRepository.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: ARTIFACT_MODEL, schema: artifactSchema },
      { name: SEARCH_BACKLOG_MODEL, schema: searchBacklogSchema },
    ]),
  ],
  // The consumer is a controller: Nest registers its @EventPattern handlers.
  controllers: [ArtifactSearchConsumer],
  providers: [
    {
      provide: OPENSEARCH,
      useFactory: (config: ArtifactsConfig) => createOpenSearchClient(openSearchSettings(config)),
      inject: [APP_CONFIG],
    },
    {
      provide: SearchIndexAdmin,
      useFactory: (client: Client, config: ArtifactsConfig) =>
        new SearchIndexAdmin(client, config.SEARCH_INDEX),
      inject: [OPENSEARCH, APP_CONFIG],
    },
    {
      provide: ArtifactSearchRepository,
      useFactory: (client: Client, config: ArtifactsConfig) =>
        new ArtifactSearchRepository(client, config.SEARCH_INDEX),
      inject: [OPENSEARCH, APP_CONFIG],
    },
    ArtifactsRepository,
    RebuildSearchIndex,
    SearchBacklogRepository,
    SearchCatchUp,
    OpenSearchHealthIndicator,
    SearchIndexBootstrap,
    OpenSearchShutdown,
  ],
  exports: [ArtifactSearchRepository],
})
export class SearchModule {}
