import { Controller, Inject } from '@nestjs/common';
import { type EventEnvelope, type EventPayload, Topic } from '@core-vault/contracts';
import {
  APP_CONFIG,
  type ConsumerGroupSettings,
  type EventConsumer,
  EventPattern,
} from '@core-vault/platform';
import { type ArtifactsConfig } from '../config';
import { ArtifactsRepository } from './artifacts.repository';

/**
 * analytics.view-count-changed.v1 → viewCount (Most Viewed sorts by it). The payload carries the
 * absolute count, so applying it is newest-wins and naturally idempotent.
 */
@Controller()
export class ViewCountConsumer implements EventConsumer {
  constructor(
    private readonly artifacts: ArtifactsRepository,
    @Inject(APP_CONFIG) private readonly config: ArtifactsConfig,
  ) {}

  consumerGroup(): ConsumerGroupSettings {
    return { groupId: this.config.VIEW_COUNT_CONSUMER_GROUP };
  }

  @EventPattern(Topic.ViewCountChanged)
  async viewCountChanged({ id, data }: EventEnvelope<EventPayload<Topic.ViewCountChanged>>): Promise<void> {
    await this.artifacts.applyViewCount(data.artifactId, data.viewCount, id);
  }
}
