import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { type Logger } from 'pino';
import { APP_CONFIG, CLOCK, type Clock, LOGGER } from '@core-vault/platform';
import { type ThumbnailerConfig } from '../config';
import { BackfillThumbnailsUseCase, type BackfillPosition } from './backfill-thumbnails.usecase';

/**
 * Runs the backfill once at start and then every THUMBNAIL_BACKFILL_EVERY_MS (0: never), one pass
 * at a time, on each replica. No cluster-wide lock: a pass only reads and adds jobs whose ids
 * BullMQ refuses twice, so two replicas' passes queue each version once. A failing pass is logged
 * and the next one tries again.
 */
@Injectable()
export class ThumbnailBackfillJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private position: BackfillPosition = null;
  private stopped = false;

  constructor(
    private readonly backfill: BackfillThumbnailsUseCase,
    @Inject(APP_CONFIG) private readonly config: ThumbnailerConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.THUMBNAIL_BACKFILL_EVERY_MS;
    if (every === 0) return;
    this.tick();
    this.timer = setInterval(() => this.tick(), every);
    this.timer.unref();
  }

  /** Starts a pass unless one is still running (a slow pass is never doubled up). */
  private tick(): void {
    if (this.running || this.stopped) return;
    this.running = this.pass().finally(() => (this.running = undefined));
  }

  private async pass(): Promise<void> {
    try {
      const { queued, scanned, next } = await this.backfill.execute(this.position, this.clock.now());
      this.position = next;
      if (queued > 0) this.logger.info({ queued, scanned }, 'thumbnail backfill queued versions');
    } catch (err) {
      this.logger.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'thumbnail backfill failed',
      );
    }
  }

  /** Before the shutdown hooks close the queue's connection: a pass under way finishes first. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
