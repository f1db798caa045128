import { Inject, Injectable } from '@nestjs/common';
import {
  type AuthUser,
  type TrackViewBody,
  Topic,
  batchTooLarge,
  viewedAtProblem,
} from '@core-vault/contracts';
import {
  APP_CONFIG,
  AppException,
  ThreadedEventPublisher,
  topicEvents,
  withDeadline,
} from '@core-vault/platform';
import { type GatewayConfig } from '../config';
import { TrackedVisitors } from './tracked-visitors';

/**
 * Turns consented views into artifacts.artifact-viewed.v1 events, straight to Kafka: the gateway
 * changes no state, so there is no outbox. The client's id becomes the event id (analytics drops
 * a resent copy by it) and the artifact id the key (one artifact's views stay on one partition).
 * The visitor is the server's daily pseudonym (TrackedVisitors), not the client's session id, and
 * views past a visitor's daily allowance are accepted without being published.
 */
@Injectable()
export class ViewTracker {
  /**
   * A view is an artifacts-context fact (what happened to an artifact), so its topic is named
   * there, but the gateway is where it is observed and published; its factory creates that one
   * topic and no other artifacts.* event.
   */
  private readonly events = topicEvents('gateway', [Topic.ArtifactViewed]);

  /**
   * Sends from a producer thread, which joins concurrent requests' views into shared Kafka
   * requests, so that the encoding does not hold up the requests (see ThreadedEventPublisher).
   */
  constructor(
    private readonly publisher: ThreadedEventPublisher,
    private readonly visitors: TrackedVisitors,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * Answers how many views were accepted: all of them, counted or past their visitor's daily
   * allowance alike, so a client learns nothing from it (and a fire-and-forget one needs nothing).
   */
  async track(
    views: readonly TrackViewBody[],
    viewer: AuthUser | null,
    ip: string,
    now = new Date(),
  ): Promise<number> {
    const max = this.config.TRACK_BATCH_MAX_EVENTS;
    if (views.length > max)
      throw new AppException(400, 'VALIDATION_FAILED', `"events" has too many items (at most ${max}).`, [
        { path: 'events', message: batchTooLarge(max) },
      ]);
    views.forEach((v, i) => {
      const problem = viewedAtProblem(v.viewedAt, now);
      if (problem)
        throw new AppException(
          400,
          'VALIDATION_FAILED',
          views.length > 1 ? `events.${i}: ${problem}` : problem,
        );
    });
    const visitors = await this.visitors.admit(
      views.map((v) => v.artifactId),
      { ip, ...(viewer ? { viewerId: viewer.id } : {}) },
    );
    // The body's sessionId is the client's to choose, so it names no visitor: the pseudonym does.
    const entries = views.flatMap((v, i) => {
      const visitor = visitors[i];
      if (!visitor) return [];
      return [
        this.events.create(
          Topic.ArtifactViewed,
          {
            artifactId: v.artifactId,
            viewedAt: v.viewedAt,
            userAgent: v.userAgent,
            embed: v.embed ?? false,
            sessionId: visitor,
            ...(v.referrer ? { referrer: v.referrer } : {}),
            ...(viewer ? { viewerId: viewer.id } : {}),
          },
          { key: v.artifactId, id: v.id, occurredAt: now },
        ),
      ];
    });
    if (entries.length === 0) return views.length;
    // The producer retries a broker it cannot reach for a minute or more; a tracking call answers
    // within the timeout instead. A send given up on may still land once the broker is back, so a
    // client that resends the same ids after a 503 is not counted twice: analytics drops the copy.
    try {
      await withDeadline(
        this.publisher.publish(entries),
        this.config.TRACK_PUBLISH_TIMEOUT_MS,
        `no acknowledgement from Kafka within ${this.config.TRACK_PUBLISH_TIMEOUT_MS} ms`,
      );
    } catch {
      throw new AppException(503, 'TRACKING_UNAVAILABLE', 'Tracking is temporarily unavailable.');
    }
    return views.length;
  }
}
