import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Logger } from 'pino';
import { LOGGER } from '@core-vault/platform';
import { isSearchUnavailable } from './opensearch.client';
import { SearchIndexAdmin } from './search-index.admin';
import { RebuildSearchIndexCommand } from './usecases/rebuild-search-index/rebuild-search-index.command';
import { RebuildSearchIndex } from './usecases/rebuild-search-index/rebuild-search-index.usecase';

/** How long boot waits for the engine before going on without it (it keeps trying after). */
const BOOT_WAIT_MS = 5_000;
const RETRY_MS = 5_000;

/**
 * At boot the alias must exist before the consumer writes through it. When it is missing (a new
 * installation, or the first start on an existing database) a live index is created and filled
 * from MongoDB in place — the consumer's writes meanwhile are safe, both sides writing external
 * versions. Without the engine the service boots anyway and tries again every few seconds.
 */
@Injectable()
export class SearchIndexBootstrap implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** A live index created by this boot whose filling has not finished (retried as such). */
  private filling: string | null = null;

  constructor(
    private readonly admin: SearchIndexAdmin,
    private readonly rebuild: RebuildSearchIndex,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timeout = setTimeout(resolve, BOOT_WAIT_MS);
    });
    await Promise.race([this.attempt(), waited]).finally(() => clearTimeout(timeout));
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** One try; on failure, another in RETRY_MS until the alias exists. */
  private async attempt(): Promise<void> {
    try {
      if (!this.filling) {
        if (await this.admin.liveIndex()) return;
        this.filling = await this.admin.createLiveIndex();
        this.logger.info(
          { index: this.filling, alias: this.admin.alias },
          'search index created; filling it',
        );
      }
      const index = this.filling;
      const count = await this.rebuild.fill(index, RebuildSearchIndexCommand.create().batchSize);
      this.filling = null;
      this.logger.info({ index, count }, 'search index filled from MongoDB');
    } catch (err) {
      if (this.stopped) return;
      const level = isSearchUnavailable(err) ? 'warn' : 'error';
      this.logger[level](
        { err, retryInMs: RETRY_MS },
        'search index not ready; search answers 503 meanwhile',
      );
      this.timer = setTimeout(() => void this.attempt(), RETRY_MS);
    }
  }
}
