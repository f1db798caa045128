import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { type Logger } from 'pino';
import { AppException, LOGGER, REDIS, redisForRequest } from '@core-vault/platform';
import { SHARE_CARD_MESSAGES } from '@core-vault/contracts';
import { isArtifactId } from '../artifacts/artifact-state';
import { ArtifactException } from '../artifacts/artifacts.exception';
import { pinnedRead } from '../artifacts/version-visibility';
import { RenderBusyError, RenderGate } from './render-gate';
import { type CardSubject, cardText, cardTree } from './share-card.layout';
import { CARD_FONT_FAMILY, ShareCardRenderer, loadInterFonts } from './share-card.renderer';
import { ShareCardRepository } from './share-card.repository';

/** A card stays a week in Redis; any change of what it shows is a new key (see cardKey). */
const CARD_TTL_SECONDS = 7 * 24 * 3600;
/** Renders take ~0.1-0.3 s of CPU each: two at once, a short line, then 503. */
const RENDER_CONCURRENCY = 2;
const RENDER_MAX_WAITING = 16;

/** Everything a card shows, hashed: an edit of the title or description makes a new card. */
export function cardHash(subject: CardSubject): string {
  return createHash('sha256')
    .update(JSON.stringify([subject.title, subject.description, subject.type, subject.version]))
    .digest('base64url')
    .slice(0, 22);
}

/** Strong: the same subject always makes the same bytes. */
export const cardEtag = (subject: CardSubject): string => `"${cardHash(subject)}"`;

const cardKey = (id: string, subject: CardSubject) =>
  `artifacts:card:${id}:${subject.version}:${cardHash(subject)}`;

/**
 * The link preview image of a public artifact (version). Private and unknown artifacts answer
 * alike (404), and so does a version that is not published: a card is only ever made of what
 * the public read would show.
 */
@Injectable()
export class ShareCardService {
  private readonly renderer = new ShareCardRenderer(loadInterFonts());
  private readonly gate = new RenderGate(RENDER_CONCURRENCY, RENDER_MAX_WAITING);

  constructor(
    private readonly repository: ShareCardRepository,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async subject(id: string, pinned?: number): Promise<CardSubject> {
    const doc = isArtifactId(id) ? await this.repository.findLive(id) : null;
    if (!doc || !doc.isPublic) throw ArtifactException.notFound();
    const access = pinned ? pinnedRead(doc, pinned, false) : 'current';
    if (access === 'private') throw ArtifactException.notFound();
    if (!pinned || access === 'current')
      return { title: doc.title, type: doc.type, description: doc.description, version: doc.version };
    const type = access === 'earlier' ? await this.repository.versionType(id, pinned) : null;
    if (!type) throw ArtifactException.versionNotFound();
    return { title: doc.title, type, description: doc.description, version: pinned };
  }

  /** The card's PNG: from Redis, else rendered through the gate and stored. */
  async png(id: string, subject: CardSubject): Promise<Buffer> {
    const key = cardKey(id, subject);
    const cached = await this.cached(key);
    if (cached) return cached;
    let png: Buffer;
    try {
      png = await this.gate.run(key, () =>
        this.renderer.render(cardTree(cardText(subject), CARD_FONT_FAMILY)),
      );
    } catch (err) {
      if (err instanceof RenderBusyError)
        throw new AppException(503, 'SHARE_CARD_BUSY', SHARE_CARD_MESSAGES.busy);
      throw err;
    }
    await this.store(key, png);
    return png;
  }

  // Redis trouble only costs a render: the card is made again.
  private async cached(key: string): Promise<Buffer | null> {
    try {
      return await redisForRequest(this.redis, (r) => r.getBuffer(key));
    } catch (err) {
      this.logger.warn({ err }, 'share card cache read failed');
      return null;
    }
  }

  private async store(key: string, png: Buffer): Promise<void> {
    try {
      await redisForRequest(this.redis, (r) => r.set(key, png, 'EX', CARD_TTL_SECONDS));
    } catch (err) {
      this.logger.warn({ err }, 'share card cache fill failed');
    }
  }
}
