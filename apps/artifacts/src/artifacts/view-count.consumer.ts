import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type EventPayloads, Topic } from '@core-vault/contracts';
import { APP_CONFIG, EventConsumers } from '@core-vault/platform';
import { type ArtifactsConfig } from '../config';
import { ArtifactsRepository } from './artifacts.repository';

/**
 * analytics.view-count-changed.v1 → viewCount (Most Viewed sorts by it). The payload carries the
 * absolute count, so applying it is newest-wins and naturally idempotent.
 */
@Injectable()
export class ViewCountConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly artifacts: ArtifactsRepository,
    @Inject(APP_CONFIG) private readonly config: ArtifactsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      groupId: this.config.VIEW_COUNT_CONSUMER_GROUP,
      topics: [Topic.ViewCountChanged],
      handler: async (event) => {
        const data = event.data as EventPayloads[Topic.ViewCountChanged];
        await this.artifacts.applyViewCount(data.artifactId, data.viewCount, event.id);
      },
    });
  }
}
