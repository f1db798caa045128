import { type EventPayloads, type Topic, utcDay } from '@core-vault/contracts';
import { MAX_REFERRER_DOMAINS, OTHER, encodeKey, referrerDomain } from './referrer';

type ViewPayload = EventPayloads[Topic.ArtifactViewed];

/** What the views writer reads before planning: the fields the counting rules depend on. */
export interface StatsSnapshot {
  _id: string;
  known: boolean;
  ownerId: string | null;
  isPublic: boolean;
  deleted: boolean;
  total: number;
  referrers: Record<string, number>;
  wm: Record<string, number>;
}

export interface ViewInput {
  offset: number;
  data: ViewPayload;
}

/** One artifact's share of a batch: a single guarded update. */
export interface ArtifactWrite {
  artifactId: string;
  exists: boolean;
  /** The watermark the update is conditional on (undefined: none yet for this partition). */
  previousWatermark: number | undefined;
  watermark: number;
  inc: Record<string, number>;
  lastViewedAt: Date | null;
  /** Sessions of counted views, replayed ones included (adding a visitor twice changes nothing). */
  visitors: { day: string; sessionId: string }[];
  /** The new absolute total when counted views changed it on a known artifact (→ event). */
  newTotal: number | null;
  dropped: { replayed: number; deleted: number; private: number };
}

/**
 * Plans the writes of one batch of views from one partition (pure: tested without a database).
 * Rules: views at or below the artifact's watermark for the partition were applied before (a
 * replay) and are skipped; deleted artifacts stop counting; the owner's own views are counted
 * apart; views of a private artifact by anyone else are dropped; unknown artifacts are held.
 */
export function planViewWrites(
  partition: number,
  snapshots: ReadonlyMap<string, StatsSnapshot>,
  views: readonly ViewInput[],
): ArtifactWrite[] {
  const writes = new Map<string, ArtifactWrite>();
  const referrerKeys = new Map<string, Set<string>>();
  for (const { offset, data } of views) {
    const snap = snapshots.get(data.artifactId);
    const previous = snap?.wm[String(partition)];
    let w = writes.get(data.artifactId);
    if (!w) {
      w = {
        artifactId: data.artifactId,
        exists: snap !== undefined,
        previousWatermark: previous,
        watermark: previous ?? -1,
        inc: {},
        lastViewedAt: null,
        visitors: [],
        newTotal: null,
        dropped: { replayed: 0, deleted: 0, private: 0 },
      };
      writes.set(data.artifactId, w);
      referrerKeys.set(data.artifactId, new Set(Object.keys(snap?.referrers ?? {})));
    }
    const replayed = previous !== undefined && offset <= previous;
    if (replayed) {
      w.dropped.replayed++;
      if (data.sessionId && countable(snap, data))
        w.visitors.push({ day: utcDay(data.viewedAt), sessionId: data.sessionId });
      continue;
    }
    w.watermark = Math.max(w.watermark, offset);
    if (snap?.deleted) {
      w.dropped.deleted++;
      continue;
    }
    if (snap?.known && data.viewerId !== undefined && data.viewerId === snap.ownerId) {
      bump(w.inc, 'ownerViews');
      continue;
    }
    if (snap?.known && !snap.isPublic) {
      w.dropped.private++;
      bump(w.inc, 'droppedPrivate');
      continue;
    }
    const day = utcDay(data.viewedAt);
    bump(w.inc, 'total');
    bump(w.inc, `days.${day}`);
    bump(w.inc, data.embed ? 'embedViews' : 'directViews');
    const keys = referrerKeys.get(data.artifactId)!;
    let key = encodeKey(referrerDomain(data.referrer));
    if (!keys.has(key)) {
      if (keys.size >= MAX_REFERRER_DOMAINS) key = encodeKey(OTHER);
      keys.add(key);
    }
    bump(w.inc, `referrers.${key}`);
    const at = new Date(data.viewedAt);
    if (!w.lastViewedAt || at > w.lastViewedAt) w.lastViewedAt = at;
    if (data.sessionId) w.visitors.push({ day, sessionId: data.sessionId });
  }
  for (const w of writes.values()) {
    const snap = snapshots.get(w.artifactId);
    const counted = w.inc['total'] ?? 0;
    if (snap?.known && counted > 0) w.newTotal = snap.total + counted;
  }
  return [...writes.values()];
}

/** Whether a view counts as a visit (the rules above, without the watermark). */
function countable(snap: StatsSnapshot | undefined, data: ViewPayload): boolean {
  if (snap?.deleted) return false;
  if (snap?.known && data.viewerId !== undefined && data.viewerId === snap.ownerId) return false;
  return !(snap?.known && !snap.isPublic);
}

/** Writes that change the stats document (a batch of replays only needs none). */
export function needsWrite(w: ArtifactWrite): boolean {
  return w.watermark > (w.previousWatermark ?? -1);
}

function bump(inc: Record<string, number>, key: string): void {
  inc[key] = (inc[key] ?? 0) + 1;
}
