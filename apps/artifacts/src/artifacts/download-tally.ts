import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { type Logger } from 'pino';
import { type AuthUser, utcDay, visitorMaterial } from '@core-vault/contracts';
import { CooldownLock, LOGGER, type OutboxEntry, REDIS, redisForRequest } from '@core-vault/platform';
import { type ArtifactDoc } from './artifact.schema';
import { ArtifactsRepository } from './artifacts.repository';

const NAMESPACE = 'artifact-downloads';
/** A day's key and marks outlive their UTC day (a download just before midnight), then they are gone. */
const DAY_SECONDS = 2 * 24 * 3_600;

/**
 * Download counts people can trust (docs/reference/analytics.md, "Counts you can trust"): a download counts
 * once per visitor, artifact and UTC day. The visitor is the rule views use (`visitorMaterial`):
 * the signed-in account from the verified token, else the client address the gateway forwards
 * (a whole IPv4 address or the IPv6 /64) — nothing the client chooses. It is kept in Redis only
 * as a pseudonym: HMAC-SHA256 under a random key of the day that lives in Redis for two days and
 * is never logged, so no mark names an address or an account, and after two days nobody can tell
 * whose a mark was. The first download of the day claims the mark (SET NX: every instance agrees)
 * and only then are `downloadCount` and its artifact-downloaded event written, together; a failed
 * write gives the mark back. With Redis away the file is still served and not counted.
 */
@Injectable()
export class DownloadTally {
  private readonly marks: CooldownLock;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly artifacts: ArtifactsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.marks = new CooldownLock(redis, NAMESPACE);
  }

  /**
   * Counts `visitor`'s download of `doc` if it is their first today (with the events `downloaded`
   * builds). True when it was counted.
   */
  async record(
    doc: Pick<ArtifactDoc, '_id'>,
    visitor: { user: AuthUser | null; address: string },
    downloaded: () => OutboxEntry[],
    now = new Date(),
  ): Promise<boolean> {
    const day = utcDay(now);
    let mark: string;
    try {
      mark = await this.pseudonym(day, visitorMaterial(doc._id, visitor.address, visitor.user?.id));
      if (!(await this.marks.claim(day, mark, DAY_SECONDS)).claimed) return false;
    } catch (err) {
      this.logger.warn({ err }, 'download not counted: its daily mark could not be claimed');
      return false;
    }
    try {
      const count = await this.artifacts.incrementDownload(doc._id, downloaded());
      if (count === null) await this.marks.release(day, mark);
      return count !== null;
    } catch (err) {
      await this.marks.release(day, mark).catch(() => undefined);
      throw err;
    }
  }

  private async pseudonym(day: string, material: string): Promise<string> {
    const name = `${NAMESPACE}:key:${day}`;
    const key = await redisForRequest(this.redis, async (r) => {
      await r.set(name, randomBytes(32).toString('base64'), 'EX', DAY_SECONDS, 'NX');
      return r.get(name);
    });
    if (!key) throw new Error(`${name} vanished right after it was set`);
    return createHmac('sha256', Buffer.from(key, 'base64')).update(material).digest('base64url').slice(0, 22);
  }
}
