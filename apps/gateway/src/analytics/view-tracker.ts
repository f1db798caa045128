import { Inject, Injectable } from '@nestjs/common';
import { type AuthUser, type TrackViewBody, Topic, viewedAtProblem } from '@core-vault/contracts';
import {
  APP_CONFIG,
  AppException,
  KafkaConnection,
  type OutboxEntry,
  topicEvents,
  withDeadline,
} from '@core-vault/platform';
import { type GatewayConfig } from '../config';
import { CoalescedSends } from './coalesced-sends';

/**
 * Bytes of views in one Kafka request at most. The broker refuses a partition's record batch over
 * 1 MB (message.max.bytes), and one popular artifact's views all go to one partition: the send,
 * not a partition's share, stays under it. Counting views instead (1,000 a send) let heavy views
 * (long referrers and agents in multi-byte text, ~8.5 KB each at every limit) make 8 MB sends the
 * broker refuses. At ~0.5 KB a view this is ~1,700 a send, all that 16 concurrent requests of 100
 * bring; throughput is unchanged (tools/bench/analytics.mjs: 27,700 events/s against 27,600).
 */
const MAX_BYTES_PER_SEND = 900 * 1024;

/** About the bytes of a view's event: its variable fields as UTF-8, plus the envelope around them. */
const ENVELOPE_BYTES = 400;
function viewBytes(view: TrackViewBody): number {
  return (
    ENVELOPE_BYTES +
    Buffer.byteLength(view.userAgent) +
    Buffer.byteLength(view.referrer ?? '') +
    Buffer.byteLength(view.sessionId ?? '') +
    2 * view.artifactId.length +
    view.id.length
  );
}

/**
 * Turns consented views into artifacts.artifact-viewed.v1 events, straight to Kafka: the gateway
 * changes no state, so there is no outbox. The client's id becomes the event id (analytics drops
 * a resent copy by it) and the artifact id the key (one artifact's views stay on one partition).
 */
@Injectable()
export class ViewTracker {
  /**
   * A view is an artifacts-context fact (what happened to an artifact), so its topic is named
   * there, but the gateway is where it is observed and published; its factory creates that one
   * topic and no other artifacts.* event.
   */
  private readonly events = topicEvents('gateway', [Topic.ArtifactViewed]);

  /** Concurrent tracking requests share Kafka requests (see CoalescedSends). */
  private readonly sends: CoalescedSends<OutboxEntry>;

  constructor(
    kafka: KafkaConnection,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.sends = new CoalescedSends((entries) => kafka.publisher.publish(entries), MAX_BYTES_PER_SEND);
  }

  async track(views: readonly TrackViewBody[], viewer: AuthUser | null, now = new Date()): Promise<number> {
    views.forEach((v, i) => {
      const problem = viewedAtProblem(v.viewedAt, now);
      if (problem)
        throw new AppException(
          400,
          'VALIDATION_FAILED',
          views.length > 1 ? `events.${i}: ${problem}` : problem,
        );
    });
    const entries = views.map((v) =>
      this.events.create(
        Topic.ArtifactViewed,
        {
          artifactId: v.artifactId,
          viewedAt: v.viewedAt,
          userAgent: v.userAgent,
          embed: v.embed ?? false,
          ...(v.sessionId ? { sessionId: v.sessionId } : {}),
          ...(v.referrer ? { referrer: v.referrer } : {}),
          ...(viewer ? { viewerId: viewer.id } : {}),
        },
        { key: v.artifactId, id: v.id, occurredAt: now },
      ),
    );
    // The producer retries a broker it cannot reach for a minute or more; a tracking call answers
    // within the timeout instead. A send given up on may still land once the broker is back, so a
    // client that resends the same ids after a 503 is not counted twice: analytics drops the copy.
    try {
      await withDeadline(
        this.sends.submit(
          entries,
          views.reduce((sum, v) => sum + viewBytes(v), 0),
        ),
        this.config.TRACK_PUBLISH_TIMEOUT_MS,
        `no acknowledgement from Kafka within ${this.config.TRACK_PUBLISH_TIMEOUT_MS} ms`,
      );
    } catch {
      throw new AppException(503, 'TRACKING_UNAVAILABLE', 'Tracking is temporarily unavailable.');
    }
    return entries.length;
  }
}
