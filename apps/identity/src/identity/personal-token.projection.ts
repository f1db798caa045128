import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { type Logger } from 'pino';
import {
  APP_CONFIG,
  CLOCK,
  type Clock,
  LOGGER,
  type PersonalTokenOwner,
  type PersonalTokenRecord,
  REDIS,
  personalTokenKey,
  personalTokenOwnerKey,
  personalTokenUsedKey,
} from '@core-vault/platform';
import { type IdentityConfig, adminEmails } from '../config';
import { PersonalTokenRepository } from './personal-token.repository';
import { type PersonalTokenDoc } from './personal-token.schema';
import { claimsFor } from './session-user.view';
import { UserRepository } from './user.repository';
import { type User } from './user.schema';

/** How often the projection is rebuilt from MongoDB (and owner facts refreshed). */
export const PROJECTION_SYNC_MS = 5 * 60_000;
/**
 * Owner facts (plan, status, admin) live this long without a refresh: a key's view of its owner
 * is never older than this, like a session JWT's 15 minutes; if identity is down for longer,
 * keys are refused rather than trusted on old facts.
 */
export const OWNER_FACTS_TTL_SECONDS = 15 * 60;
/** Revocations this recent are deleted again by every sync (a delete that missed Redis). */
const REVOKED_REPLAY_MS = 7 * 86_400_000;

/**
 * Identity's half of personal access tokens in Redis: the records every service's auth guard
 * reads (hash → key, user → owner facts), written on create, deleted on revoke, and rebuilt from
 * MongoDB — the source of truth — at start and every few minutes. The rebuild also copies the
 * last-used times the guards record back into MongoDB, and removes the keys of deleted users.
 */
@Injectable()
export class PersonalTokenProjection implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly admins: ReadonlySet<string>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly tokens: PersonalTokenRepository,
    private readonly users: UserRepository,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.admins = adminEmails(config);
  }

  onApplicationBootstrap(): void {
    this.startSync();
    this.timer = setInterval(() => this.startSync(), PROJECTION_SYNC_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  async writeToken(doc: PersonalTokenDoc): Promise<void> {
    const record: PersonalTokenRecord = {
      tid: doc._id,
      sub: doc.userId,
      scp: doc.scopes,
      exp: doc.expiresAt ? doc.expiresAt.getTime() : null,
    };
    const key = personalTokenKey(doc.tokenHash);
    if (doc.expiresAt) await this.redis.set(key, JSON.stringify(record), 'PXAT', doc.expiresAt.getTime());
    else await this.redis.set(key, JSON.stringify(record));
  }

  /** What every guard will know about the user as a key's owner (admin forcing included). */
  ownerFacts(user: User): PersonalTokenOwner {
    const claims = claimsFor(user, this.admins.has(user.email), 'personal-token');
    return {
      email: claims.email,
      adm: claims.adm,
      act: claims.act,
      plan: claims.plan,
      sts: claims.sts,
      ...(claims.mig ? { mig: claims.mig } : {}),
    };
  }

  async writeOwner(user: User): Promise<void> {
    const owner = this.ownerFacts(user);
    await this.redis.set(
      personalTokenOwnerKey(user._id),
      JSON.stringify(owner),
      'EX',
      OWNER_FACTS_TTL_SECONDS,
    );
  }

  /**
   * Billing changed a user's facts: if they have keys (their owner facts are in Redis), rewrite
   * them now rather than at the next sync. Best effort: the sync repairs a miss within minutes.
   */
  async refreshOwner(userId: string): Promise<void> {
    try {
      if ((await this.redis.exists(personalTokenOwnerKey(userId))) === 0) return;
      const user = await this.users.findById(userId);
      if (user) await this.writeOwner(user);
    } catch (err) {
      this.logger.warn({ err, userId }, 'personal token owner facts not refreshed; the sync will');
    }
  }

  async removeToken(doc: Pick<PersonalTokenDoc, '_id' | 'tokenHash'>): Promise<void> {
    await this.redis.del(personalTokenKey(doc.tokenHash), personalTokenUsedKey(doc._id));
  }

  /** Revoked keys stop everywhere at once: their records go (the owner's facts stay). */
  async removeTokens(tokenHashes: readonly string[]): Promise<void> {
    if (tokenHashes.length > 0) await this.redis.del(...tokenHashes.map(personalTokenKey));
  }

  /** A user is gone: one delete of the owner facts stops all their keys at once. */
  async removeOwner(userId: string, tokenHashes: readonly string[]): Promise<void> {
    await this.redis.del(personalTokenOwnerKey(userId), ...tokenHashes.map(personalTokenKey));
  }

  /** Last uses the guards recorded, by token id (absent: none since the last sync). */
  async lastUsed(tokenIds: readonly string[]): Promise<Map<string, Date>> {
    const uses = new Map<string, Date>();
    if (tokenIds.length === 0) return uses;
    const values = await this.redis.mget(tokenIds.map(personalTokenUsedKey));
    tokenIds.forEach((id, i) => {
      const ms = Number(values[i]);
      if (values[i] && Number.isFinite(ms)) uses.set(id, new Date(ms));
    });
    return uses;
  }

  /** One rebuild at a time per database, across replicas (a lock that expires on its own). */
  async sync(): Promise<void> {
    const lock = `auth:pat-sync-lock:${this.config.MONGO_DB}`;
    if ((await this.redis.set(lock, '1', 'PX', PROJECTION_SYNC_MS - 10_000, 'NX')) !== 'OK') return;
    try {
      await this.rebuild();
    } finally {
      await this.redis.del(lock);
    }
  }

  private async rebuild(): Promise<void> {
    const now = this.clock.now();
    const owners = new Map<string, User | null>();
    const live: PersonalTokenDoc[] = [];
    for await (const doc of this.tokens.forProjection(now, new Date(now.getTime() - REVOKED_REPLAY_MS))) {
      if (doc.revokedAt) {
        await this.removeToken(doc);
        continue;
      }
      if (!owners.has(doc.userId)) owners.set(doc.userId, await this.users.findById(doc.userId));
      live.push(doc);
    }
    for (const [userId, user] of owners) {
      if (user) {
        await this.writeOwner(user);
        continue;
      }
      const hashes = await this.tokens.revokeAllForUser(userId, 'user-deleted', now);
      await this.removeOwner(userId, hashes);
      this.logger.info({ userId, keys: hashes.length }, 'personal tokens of a deleted user revoked');
    }
    const kept = live.filter((doc) => owners.get(doc.userId));
    for (const doc of kept) await this.writeToken(doc);
    await this.tokens.recordLastUsed(await this.lastUsed(kept.map((d) => d._id)));
  }

  private startSync(): void {
    if (this.running) return;
    this.running = this.sync()
      .catch((err: unknown) =>
        this.logger.warn({ err }, 'personal token projection sync failed; retried later'),
      )
      .finally(() => {
        this.running = undefined;
      });
  }
}
