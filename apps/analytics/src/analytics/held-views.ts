import { MAX_REFERRER_DOMAINS, OTHER, encodeKey } from './referrer';

/**
 * Signed-in views of an artifact analytics does not know yet. A view can overtake its artifact's
 * created event (the owner opens what they just made), and until that event names the owner
 * nobody can tell the owner's views from anyone else's. So they wait apart, per viewer, in the
 * stats document (`held.<viewer>`: how many, embed/direct, per day, per referrer domain), and the
 * created event sorts them: the owner's become ownerViews, everyone else's count as views (or are
 * dropped, like any other view, when the artifact turns out private or deleted). Anonymous views
 * need no holding: they are never the owner's. Views beyond MAX_HELD_VIEWERS viewers are counted
 * at once, as before, so the holding area stays small whatever a client sends.
 */
export const MAX_HELD_VIEWERS = 20;

/** One viewer's held views, as stored under `held.<encoded viewer id>`. */
export interface HeldViews {
  n?: number;
  embedViews?: number;
  directViews?: number;
  /** UTC day → views. */
  days?: Record<string, number>;
  /** Encoded referrer domain → views. */
  referrers?: Record<string, number>;
}

/** Adds one held view of `viewer` (encoded) to a batch's `$inc`. */
export function holdView(
  inc: Record<string, number>,
  viewer: string,
  day: string,
  embed: boolean,
  referrerKey: string,
): void {
  const at = `held.${viewer}`;
  for (const key of [
    `${at}.n`,
    `${at}.${embed ? 'embedViews' : 'directViews'}`,
    `${at}.days.${day}`,
    `${at}.referrers.${referrerKey}`,
  ])
    inc[key] = (inc[key] ?? 0) + 1;
}

/** What the release reads of the stats document once the artifact is known. */
export interface HeldRelease {
  ownerId: string | null;
  isPublic: boolean;
  deleted: boolean;
  referrers?: Record<string, number>;
  held?: Record<string, HeldViews>;
}

/**
 * The `$inc` that settles every held view (pure: tested without a database). The owner's go to
 * ownerViews; others' of a public, live artifact are counted like any view, their referrers
 * within the artifact's MAX_REFERRER_DOMAINS; others' of a private one to droppedPrivate; of a
 * deleted one, nowhere.
 */
export function planHeldRelease(doc: HeldRelease): Record<string, number> {
  const inc: Record<string, number> = {};
  const add = (key: string, n: number | undefined) => {
    if (n) inc[key] = (inc[key] ?? 0) + n;
  };
  if (doc.deleted) return inc;
  const owner = doc.ownerId === null ? null : encodeKey(doc.ownerId);
  const referrerKeys = new Set(Object.keys(doc.referrers ?? {}));
  for (const [viewer, views] of Object.entries(doc.held ?? {})) {
    if (viewer === owner) {
      add('ownerViews', views.n);
      continue;
    }
    if (!doc.isPublic) {
      add('droppedPrivate', views.n);
      continue;
    }
    add('total', views.n);
    add('embedViews', views.embedViews);
    add('directViews', views.directViews);
    for (const [day, n] of Object.entries(views.days ?? {})) add(`days.${day}`, n);
    for (const [key, n] of Object.entries(views.referrers ?? {})) {
      let kept = key;
      if (!referrerKeys.has(kept)) {
        if (referrerKeys.size >= MAX_REFERRER_DOMAINS) kept = encodeKey(OTHER);
        referrerKeys.add(kept);
      }
      add(`referrers.${kept}`, n);
    }
  }
  return inc;
}
