import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Logger } from 'pino';
import { APP_CONFIG, LOGGER } from '@core-vault/platform';
import { type AnalyticsConfig } from '../config';
import { ArtifactStatsRepository } from './artifact-stats.repository';

const EVERY_MS = 10 * 60_000;

/**
 * Views of ids no artifact-created event has named are held (the view may simply have overtaken
 * the created event); after UNKNOWN_ARTIFACT_HOLD_HOURS they are dropped. A timestamp check, not a
 * TTL index: the local Mongo-compatible server never expires documents.
 */
@Injectable()
export class HoldingSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly stats: ArtifactStatsRepository,
    @Inject(APP_CONFIG) private readonly config: AnalyticsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), EVERY_MS);
    this.timer.unref();
  }

  async sweep(now = new Date()): Promise<number> {
    try {
      const before = new Date(now.getTime() - this.config.UNKNOWN_ARTIFACT_HOLD_HOURS * 3_600_000);
      const dropped = await this.stats.purgeUnknown(before);
      if (dropped) this.logger.info({ dropped }, 'dropped views of artifact ids that never became known');
      return dropped;
    } catch (err) {
      this.logger.warn({ err }, 'holding sweep failed; next run retries');
      return 0;
    }
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
