import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Logger } from 'pino';
import { APP_CONFIG, LOGGER, isDatabaseUnavailable } from '@core-vault/platform';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { type ArtifactsConfig } from '../config';
import { isSearchUnavailable } from './opensearch.client';
import { SearchBacklogRepository } from './search-backlog.repository';
import { ArtifactSearchRepository } from './search.repository';

/** Retry while a noted catch-up cannot finish (engine or database away, or new misses). */
const RETRY_MS = 2_000;
/**
 * An idle instance looks for a note this often: another instance may have noted misses and then
 * gone away before catching up. One read by _id.
 */
const IDLE_CHECK_MS = 30_000;
const BATCH = 200;

/**
 * Changes the consumer could not index because the engine was away. Parking those events on the
 * dead-letter topic would leave the index behind until a rebuild; instead the earliest missed
 * change is noted in MongoDB (SearchBacklogRepository) and, once the engine answers again,
 * everything changed since then is indexed again (external versions make repeats harmless, also
 * when two instances catch up at once). The note outlives a restart during the outage.
 */
@Injectable()
export class SearchCatchUp implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private dueAt = Infinity;
  private running = false;
  private stopped = false;
  private readonly alias: string;

  constructor(
    private readonly artifacts: ArtifactsRepository,
    private readonly index: ArtifactSearchRepository,
    private readonly backlog: SearchBacklogRepository,
    @Inject(APP_CONFIG) config: ArtifactsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.alias = config.SEARCH_INDEX;
  }

  /** A note left before a restart is picked up soon after boot. */
  onApplicationBootstrap(): void {
    this.schedule(RETRY_MS);
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** A change made at `changedAt` did not reach the index: noted before the event is acknowledged. */
  async missed(changedAt: Date): Promise<void> {
    await this.backlog.noteMissed(this.alias, changedAt);
    this.schedule(RETRY_MS);
  }

  /** Whether missed changes wait for the engine. */
  async pending(): Promise<boolean> {
    return (await this.backlog.missed(this.alias)) !== null;
  }

  /** Runs the next check in `ms`, unless one is due sooner. */
  private schedule(ms: number): void {
    if (this.stopped || Date.now() + ms >= this.dueAt) return;
    clearTimeout(this.timer);
    this.dueAt = Date.now() + ms;
    this.timer = setTimeout(() => void this.run(), ms);
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    this.dueAt = Infinity;
    if (this.stopped) return;
    if (this.running) return this.schedule(RETRY_MS);
    this.running = true;
    let next = IDLE_CHECK_MS;
    try {
      next = (await this.catchUp()) ? IDLE_CHECK_MS : RETRY_MS;
    } catch (err) {
      const away = isSearchUnavailable(err) || isDatabaseUnavailable(err);
      this.logger[away ? 'warn' : 'error']({ err, retryInMs: RETRY_MS }, 'search catch-up failed; retrying');
      next = RETRY_MS;
    } finally {
      this.running = false;
    }
    this.schedule(next);
  }

  /** Indexes what the note covers; false when a miss was noted meanwhile (run again). */
  private async catchUp(): Promise<boolean> {
    const note = await this.backlog.missed(this.alias);
    if (!note) return true;
    let applied = 0;
    for await (const batch of this.artifacts.streamForSearch(BATCH, note.since)) {
      await this.index.sync(batch);
      applied += batch.length;
    }
    const settled = await this.backlog.settle(this.alias, note);
    this.logger.info(
      { since: note.since, applied, settled },
      'search index caught up after the engine was away',
    );
    return settled;
  }
}
