import { Controller, Inject } from '@nestjs/common';
import { type EventEnvelope, type EventPayload, Topic } from '@core-vault/contracts';
import {
  APP_CONFIG,
  type ConsumerGroupSettings,
  type EventConsumer,
  EventPattern,
} from '@core-vault/platform';
import { type ArtifactsConfig } from '../config';
import { ownerDisplayName } from './display-name';
import { OwnerNamesRepository } from './owner-names.repository';

/**
 * Owners' display names, for the "Remixed from … by Ada L." line of a copy: kept from identity's
 * registration and profile events (newest wins, so redeliveries and either order are harmless),
 * erased with the account.
 */
@Controller()
export class OwnerNamesConsumer implements EventConsumer {
  constructor(
    private readonly names: OwnerNamesRepository,
    @Inject(APP_CONFIG) private readonly config: ArtifactsConfig,
  ) {}

  consumerGroup(): ConsumerGroupSettings {
    return { groupId: this.config.OWNER_NAMES_CONSUMER_GROUP };
  }

  @EventPattern(Topic.UserRegistered)
  async registered({ data, occurredAt }: EventEnvelope<EventPayload<Topic.UserRegistered>>): Promise<void> {
    await this.names.record(
      data.userId,
      ownerDisplayName(data.firstName, data.lastName),
      new Date(occurredAt),
    );
  }

  @EventPattern(Topic.ProfileUpdated)
  async profileUpdated({ data }: EventEnvelope<EventPayload<Topic.ProfileUpdated>>): Promise<void> {
    await this.names.record(data.userId, ownerDisplayName(data.firstName, data.lastName), new Date(data.at));
  }

  @EventPattern(Topic.UserDeleted)
  async deleted({ data }: EventEnvelope<EventPayload<Topic.UserDeleted>>): Promise<void> {
    await this.names.erase(data.userId);
  }
}
