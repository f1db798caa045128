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
 * A copy's artifact-created event (`remixedFrom`) → one more on the original's `remixCount`.
 * The copy and its event are one write; the count follows from the event, applied once per
 * event id, so neither a crash between two writes nor a redelivery can make it wrong.
 */
@Controller()
export class RemixCountConsumer implements EventConsumer {
  constructor(
    private readonly artifacts: ArtifactsRepository,
    @Inject(APP_CONFIG) private readonly config: ArtifactsConfig,
  ) {}

  consumerGroup(): ConsumerGroupSettings {
    return { groupId: this.config.REMIX_COUNT_CONSUMER_GROUP };
  }

  @EventPattern(Topic.ArtifactCreated)
  async created({ id, data }: EventEnvelope<EventPayload<Topic.ArtifactCreated>>): Promise<void> {
    if (data.remixedFrom) await this.artifacts.applyRemix(data.remixedFrom, id);
  }
}
