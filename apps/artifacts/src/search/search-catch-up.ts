import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type Logger } from 'pino';
import { LOGGER } from '@core-vault/platform';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { isSearchUnavailable } from './opensearch.client';
import { ArtifactSearchRepository } from './search.repository';

const RETRY_MS = 2_000;
const BATCH = 200;

/**
 * Changes the consumer could not index because the engine was away. Parking those events on the
 * dead-letter topic would leave the index behind until a rebuild; instead the earliest missed
 * change is remembered and, once the engine answers again, everything changed in MongoDB since
 * then is indexed again (external versions make repeats harmless).
 */
@Injectable()
export class SearchCatchUp implements OnApplicationShutdown {
  /** The earliest change not yet indexed; null when the index is up to date. */
  private since: Date | null = null;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly artifacts: ArtifactsRepository,
    private readonly index: ArtifactSearchRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A change made at `changedAt` did not reach the index. */
  missed(changedAt: Date): void {
    if (!this.since || changedAt < this.since) this.since = changedAt;
    this.schedule();
  }

  /** True while missed changes wait for the engine. */
  get pending(): boolean {
    return this.since !== null;
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => void this.run(), RETRY_MS);
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    const since = this.since;
    if (!since || this.stopped) return;
    this.since = null;
    try {
      let applied = 0;
      for await (const batch of this.artifacts.streamForSearch(BATCH, since)) {
        await this.index.sync(batch);
        applied += batch.length;
      }
      this.logger.info({ since, applied }, 'search index caught up after the engine was away');
    } catch (err) {
      if (!isSearchUnavailable(err)) this.logger.error({ err }, 'search catch-up failed; retrying');
      this.missed(since);
    }
  }
}
