import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Logger } from 'pino';
import { LOGGER } from '@core-vault/platform';
import { POLICY_RENDERED_TYPES, RENDER_POLICY_VERSION, renderArtifact } from '../rendering/render';
import { ArtifactsRepository } from './artifacts.repository';
import { PublicArtifactCache } from './public-cache';

const BATCH = 100;

/**
 * When the HTML/SVG policies change, artifacts stored under the old ones would keep showing what
 * the old policy stripped (buttons without handlers, charts without their library). After boot,
 * this works through them in the background, oldest id first, and stores each one's new form:
 * no new version, no event (the source did not change), rev bumped and the public cache dropped
 * so readers see it. Every instance may run it: the rev guard lets one write win, the others skip.
 */
@Injectable()
export class RerenderStaleArtifacts implements OnApplicationBootstrap, OnApplicationShutdown {
  private running = false;
  private work: Promise<unknown> | undefined;

  constructor(
    private readonly artifacts: ArtifactsRepository,
    private readonly cache: PublicArtifactCache,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.running = true;
    // In the background: a large vault must not hold up readiness.
    this.work = this.run().catch((err: unknown) =>
      this.logger.error({ err }, 're-rendering stale artifacts stopped; it resumes at the next start'),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    await this.work;
  }

  /** Re-renders every stale artifact; returns how many were stored anew. */
  async run(): Promise<number> {
    let after = '';
    let updated = 0;
    while (this.running) {
      const batch = await this.artifacts.findStaleRendered(
        POLICY_RENDERED_TYPES,
        RENDER_POLICY_VERSION,
        after,
        BATCH,
      );
      if (batch.length === 0) break;
      for (const doc of batch) {
        if (!this.running) break;
        const saved = await this.artifacts.storeRendering(
          doc._id,
          doc.rev,
          renderArtifact(doc.type, doc.content),
          RENDER_POLICY_VERSION,
        );
        if (saved) {
          updated++;
          await this.cache.invalidate(doc._id, saved.rev);
        }
      }
      after = batch[batch.length - 1]!._id;
    }
    if (updated > 0)
      this.logger.info({ updated, policy: RENDER_POLICY_VERSION }, 'stale artifacts re-rendered');
    return updated;
  }
}
