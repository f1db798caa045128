import { Inject, Injectable } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { viewsWithinCap, visitorMaterial } from '@core-vault/contracts';
import { APP_CONFIG, REDIS, redisForRequest } from '@core-vault/platform';
import { type GatewayConfig } from '../config';
import { ClientPseudonyms } from '../security/client-pseudonyms';

/** A visitor's pseudonym lasts its UTC day; its view counter a little longer, then it is gone. */
const COUNTER_TTL_SECONDS = 25 * 3_600;

/** Who sent a batch of consented views: the address the gateway trusts and the token's subject. */
export interface TrackingClient {
  /** `req.ip`: the client as TRUST_PROXY_HOPS lets Express read it, like the rate limits. */
  ip: string;
  viewerId?: string;
}

/**
 * Consented views (track-view, track-views) as docs/reference/analytics.md "Counts you can trust" counts
 * them. Each view's visitor is the day's pseudonym of (artifact, account or address) —
 * ClientPseudonyms, the rate limits' scheme, under a daily key of its own — and that pseudonym,
 * never the client's session id or User-Agent, is what the view carries as `sessionId`. A visitor
 * adds at most TRACK_VIEWS_PER_VISITOR_DAY views to one artifact a day; the counters are Redis
 * keys named by the pseudonym, so no counter names an address or an account.
 */
@Injectable()
export class TrackedVisitors {
  private readonly pseudonyms: ClientPseudonyms;
  private readonly counters: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.pseudonyms = new ClientPseudonyms(redis, `${config.RATE_LIMIT_NAMESPACE}:visitors`);
    this.counters = `${config.RATE_LIMIT_NAMESPACE}:visitor-views`;
  }

  /**
   * Each view's visitor pseudonym, in order, or null for a view past its visitor's daily views
   * (accepted, not counted). One Redis round trip for the counters of the whole batch.
   */
  async admit(artifactIds: readonly string[], client: TrackingClient): Promise<(string | null)[]> {
    const byArtifact = new Map<string, string>();
    for (const artifactId of artifactIds)
      if (!byArtifact.has(artifactId))
        byArtifact.set(
          artifactId,
          await this.pseudonyms.of(visitorMaterial(artifactId, client.ip, client.viewerId)),
        );
    const sent = new Map<string, number>();
    for (const artifactId of artifactIds) {
      const visitor = byArtifact.get(artifactId)!;
      sent.set(visitor, (sent.get(visitor) ?? 0) + 1);
    }
    const visitors = [...sent.keys()];
    const after = await redisForRequest(this.redis, async (redis) => {
      const pipeline = redis.pipeline();
      for (const visitor of visitors) {
        const key = `${this.counters}:${visitor}`;
        pipeline.incrby(key, sent.get(visitor)!).expire(key, COUNTER_TTL_SECONDS);
      }
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([err]) => err);
      if (failed?.[0]) throw failed[0];
      return visitors.map((_, i) => Number(results[2 * i]?.[1]));
    });
    const left = new Map(
      visitors.map((v, i) => [
        v,
        viewsWithinCap(after[i]!, sent.get(v)!, this.config.TRACK_VIEWS_PER_VISITOR_DAY),
      ]),
    );
    return artifactIds.map((artifactId) => {
      const visitor = byArtifact.get(artifactId)!;
      const n = left.get(visitor)!;
      if (n <= 0) return null;
      left.set(visitor, n - 1);
      return visitor;
    });
  }
}
