import { type EventPayloads, type Topic, utcDay } from '@core-vault/contracts';
import { MAX_HELD_VIEWERS, holdView } from './held-views';
import { DIRECT, MAX_REFERRER_DOMAINS, OTHER, UNREADABLE, encodeKey, referrerDomain } from './referrer';

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
  /** Signed-in views held while the artifact is unknown, by encoded viewer id (held-views.ts). */
  held?: Record<string, unknown>;
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
  /**
   * Visitors of counted views, replayed ones included (adding a visitor twice changes nothing),
   * with the referring domain to credit them to (VisitorSets: once per visitor and day).
   */
  visitors: { day: string; sessionId: string; domain?: string }[];
  /** The new absolute total when counted views changed it on a known artifact (→ event). */
  newTotal: number | null;
  /**
   * Views were held for their viewer (the artifact unknown): the write must find it still
   * unknown, or the views would stay held after the created event released the others.
   */
  holds: boolean;
  dropped: { replayed: number; deleted: number; private: number };
}

/**
 * Plans the writes of one batch of views from one partition (pure: tested without a database).
 * Rules: views at or below the artifact's watermark for the partition were applied before (a
 * replay) and are skipped; deleted artifacts stop counting; the owner's own views are counted
 * apart; views of a private artifact by anyone else are dropped; views of unknown artifacts are
 * held: anonymous ones counted at once (no owner can be among them), signed-in ones apart per
 * viewer until the created event names the owner (held-views.ts), at most MAX_HELD_VIEWERS
 * viewers per artifact, the rest counted at once.
 */
export function planViewWrites(
  partition: number,
  snapshots: ReadonlyMap<string, StatsSnapshot>,
  views: readonly ViewInput[],
): ArtifactWrite[] {
  const wmKey = String(partition);
  const states = new Map<string, PlanState>();
  // Referrer URL → encoded domain key (referrerKeyOf), and → the domain a visitor is credited to.
  const domains = new Map<string | undefined, string>();
  const credits = new Map<string | undefined, string | undefined>();
  for (const { offset, data } of views) {
    let state = states.get(data.artifactId);
    if (!state) {
      const snap = snapshots.get(data.artifactId);
      const previous = snap?.wm[wmKey];
      state = {
        snap,
        referrerKeys: new Set(Object.keys(snap?.referrers ?? {})),
        lastViewedAt: undefined,
        write: {
          artifactId: data.artifactId,
          exists: snap !== undefined,
          previousWatermark: previous,
          watermark: previous ?? -1,
          inc: {},
          lastViewedAt: null,
          visitors: [],
          newTotal: null,
          holds: false,
          dropped: { replayed: 0, deleted: 0, private: 0 },
        },
        heldViewers: new Set(Object.keys(snap?.held ?? {})),
      };
      states.set(data.artifactId, state);
    }
    const { snap, write: w } = state;
    const previous = w.previousWatermark;
    if (previous !== undefined && offset <= previous) {
      w.dropped.replayed++;
      if (data.sessionId && countable(snap, data))
        w.visitors.push(visit(utcDay(data.viewedAt), data.sessionId, creditOf(credits, data.referrer)));
      continue;
    }
    if (offset > w.watermark) w.watermark = offset;
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
    if (!snap?.known && data.viewerId !== undefined) {
      const viewer = encodeKey(data.viewerId);
      if (state.heldViewers.has(viewer) || state.heldViewers.size < MAX_HELD_VIEWERS) {
        state.heldViewers.add(viewer);
        holdView(w.inc, viewer, day, data.embed, referrerKeyOf(domains, data.referrer));
        w.holds = true;
        continue;
      }
    }
    bump(w.inc, 'total');
    bump(w.inc, `days.${day}`);
    bump(w.inc, data.embed ? 'embedViews' : 'directViews');
    let key = referrerKeyOf(domains, data.referrer);
    if (!state.referrerKeys.has(key)) {
      if (state.referrerKeys.size >= MAX_REFERRER_DOMAINS) key = encodeKey(OTHER);
      state.referrerKeys.add(key);
    }
    bump(w.inc, `referrers.${key}`);
    if (state.lastViewedAt === undefined || later(data.viewedAt, state.lastViewedAt))
      state.lastViewedAt = data.viewedAt;
    if (data.sessionId) w.visitors.push(visit(day, data.sessionId, creditOf(credits, data.referrer)));
  }
  const writes: ArtifactWrite[] = [];
  for (const { snap, write: w, lastViewedAt } of states.values()) {
    if (lastViewedAt !== undefined) w.lastViewedAt = new Date(lastViewedAt);
    const counted = w.inc['total'] ?? 0;
    if (snap?.known && counted > 0) w.newTotal = snap.total + counted;
    writes.push(w);
  }
  return writes;
}

/** The encoded referrer domain of a view, parsed once per batch (a page sends many views). */
function referrerKeyOf(domains: Map<string | undefined, string>, referrer: string | undefined): string {
  let key = domains.get(referrer);
  if (key === undefined) domains.set(referrer, (key = encodeKey(referrerDomain(referrer))));
  return key;
}

/** The referring domain a visitor can be credited to: none for a direct or unreadable referrer. */
function creditOf(
  credits: Map<string | undefined, string | undefined>,
  referrer: string | undefined,
): string | undefined {
  if (referrer === undefined) return undefined;
  if (credits.has(referrer)) return credits.get(referrer);
  const domain = referrerDomain(referrer);
  const credit = domain === DIRECT || domain === UNREADABLE ? undefined : domain;
  credits.set(referrer, credit);
  return credit;
}

function visit(day: string, sessionId: string, domain: string | undefined) {
  return domain === undefined ? { day, sessionId } : { day, sessionId, domain };
}

interface PlanState {
  snap: StatsSnapshot | undefined;
  write: ArtifactWrite;
  referrerKeys: Set<string>;
  /** Encoded ids of the viewers whose views are held (the snapshot's and this batch's). */
  heldViewers: Set<string>;
  /** The latest counted viewedAt, as sent (turned into a Date once per artifact). */
  lastViewedAt: string | undefined;
}

/** Whether ISO timestamp a is later than b; UTC strings of one shape compare as text. */
function later(a: string, b: string): boolean {
  if (a.length === b.length && a.endsWith('Z') && b.endsWith('Z')) return a > b;
  return Date.parse(a) > Date.parse(b);
}

/** Whether a view counts as a visit (the rules above, without the watermark). */
function countable(snap: StatsSnapshot | undefined, data: ViewPayload): boolean {
  if (snap?.deleted) return false;
  // Held for its viewer: maybe the owner's, whose visits are no visitor's.
  if (!snap?.known && data.viewerId !== undefined) return false;
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
