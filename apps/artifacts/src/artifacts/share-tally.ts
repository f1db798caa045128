import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { type Logger } from 'pino';
import { type AuthUser, utcDay } from '@core-vault/contracts';
import { CooldownLock, LOGGER, type OutboxEntry, REDIS } from '@core-vault/platform';
import { type ArtifactDoc } from './artifact.schema';
import { ArtifactsRepository } from './artifacts.repository';

/** A day's marks outlive their UTC day (a share just before midnight), then they are gone. */
const MARK_SECONDS = 2 * 24 * 3_600;

/** The sharer as the marks name them: a hash, so no Redis key holds an account id. */
function sharerOf(user: AuthUser): string {
  return createHash('sha256').update(`share\n${user.id}`).digest('base64url').slice(0, 22);
}

/**
 * Share counts people can trust (docs/reference/analytics.md, "Counts you can trust"): the share call is
 * the share action (Copy Link, Embed Code), which anyone signed in who may read the artifact can
 * take, so it counts once per sharer, artifact and UTC day. The first share of the day claims a
 * mark in Redis (SET NX: every instance agrees) and only then is `shareCount` incremented with
 * its artifact-shared event in one write; later shares that day still get their links and the
 * count as it is, and send no event. A write that fails gives the mark back, so a retry counts.
 * With Redis away the share is answered and not counted: a count never grows by doubt.
 */
@Injectable()
export class ShareTally {
  private readonly marks: CooldownLock;

  constructor(
    @Inject(REDIS) redis: Redis,
    private readonly artifacts: ArtifactsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.marks = new CooldownLock(redis, 'artifact-shares');
  }

  /**
   * The share count after `user` shared `doc`: one more for their first share of it today (with
   * the events `shared` builds), else unchanged. Null when the artifact is gone meanwhile.
   */
  async record(
    doc: Pick<ArtifactDoc, '_id' | 'shareCount'>,
    user: AuthUser,
    shared: () => OutboxEntry[],
    now = new Date(),
  ): Promise<number | null> {
    const bucket = `${utcDay(now)}:${doc._id}`;
    const sharer = sharerOf(user);
    let first: boolean;
    try {
      first = (await this.marks.claim(bucket, sharer, MARK_SECONDS)).claimed;
    } catch (err) {
      this.logger.warn({ err }, 'share not counted: its daily mark could not be claimed');
      return doc.shareCount ?? 0;
    }
    if (!first) return doc.shareCount ?? 0;
    try {
      const count = await this.artifacts.incrementShare(doc._id, shared());
      if (count === null) await this.marks.release(bucket, sharer);
      return count;
    } catch (err) {
      await this.marks.release(bucket, sharer).catch(() => undefined);
      throw err;
    }
  }
}
