import { z } from 'zod';
import { type AccessSubject, hasFeature } from '../accounts/permissions';

/** Limits of the analytics context, shared by the gateway, the service and the SPA. */
export const ANALYTICS_LIMITS = {
  userAgentMaxChars: 512,
  referrerMaxChars: 2048,
  sessionIdMaxChars: 128,
  /**
   * Views one track-views request may carry (400 above). Small: a client batches what one page
   * saw; each view costs a visitor pseudonym and a counter. The gateway's TRACK_BATCH_MAX_EVENTS
   * raises it for load tests, never past batchCeilingEvents.
   */
  batchMaxEvents: 20,
  batchCeilingEvents: 100,
  /**
   * Views one visitor (docs/reference/analytics.md, "Counts you can trust") may add to one artifact in one
   * UTC day; more are accepted and not counted. TRACK_VIEWS_PER_VISITOR_DAY raises it for tests.
   */
  viewsPerVisitorPerDay: 20,
  /** A view may be reported this late (offline tabs, retries) … */
  viewedAtMaxAgeHours: 48,
  /** … and this far ahead of the server clock (client clock skew). */
  viewedAtMaxSkewMinutes: 5,
  seriesDays: 30,
  rollupMaxArtifacts: 1000,
  topReferrers: 10,
} as const;

export const ANALYTICS_MESSAGES = {
  viewedAtTooOld: `viewedAt is more than ${ANALYTICS_LIMITS.viewedAtMaxAgeHours} hours in the past`,
  viewedAtInFuture: 'viewedAt is in the future',
  notFound: 'Artifact not found',
  notOwner: 'You can only see statistics of your own artifacts.',
  upgrade: 'Analytics are available with the Pro plan and higher.',
  upgradeAdvanced: 'Advanced analytics are available with the Pro plan and higher.',
  rateLimited: (seconds: number) => `Too many tracking requests. Please try again in ${seconds} seconds.`,
} as const;

const eventId = z
  .string()
  .min(8, 'id must be 8 to 64 characters')
  .max(64, 'id must be 8 to 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'id must be letters, digits, "-" or "_" (a random UUID)');
const artifactId = z.string().min(1).max(200);

/**
 * One consented view, as the SPA reports it (spec: id, artifactId, viewedAt, userAgent; plus the
 * anonymous session id, referrer and whether the artifact was shown in an embed frame).
 * viewedAt decides the UTC day the view counts on.
 */
export const trackViewBodySchema = z.strictObject({
  id: eventId,
  artifactId,
  viewedAt: z.iso.datetime({ offset: true, error: 'viewedAt must be an ISO 8601 date-time' }),
  userAgent: z
    .string()
    .max(
      ANALYTICS_LIMITS.userAgentMaxChars,
      `userAgent must be at most ${ANALYTICS_LIMITS.userAgentMaxChars} characters`,
    ),
  /** Only VIEW events are sent by the SPA; other types come from the artifacts service's events. */
  type: z.literal('VIEW').optional(),
  sessionId: z.string().min(1).max(ANALYTICS_LIMITS.sessionIdMaxChars).optional(),
  referrer: z.string().max(ANALYTICS_LIMITS.referrerMaxChars).optional(),
  embed: z.boolean().optional(),
});
export type TrackViewBody = z.infer<typeof trackViewBodySchema>;

export const trackViewsBodySchema = z.strictObject({
  events: z
    .array(trackViewBodySchema)
    .min(1, 'events must hold at least one view')
    // The ceiling any deployment may allow; the gateway refuses more than its configured
    // TRACK_BATCH_MAX_EVENTS (ANALYTICS_LIMITS.batchMaxEvents by default) with the same message.
    .max(ANALYTICS_LIMITS.batchCeilingEvents, batchTooLarge(ANALYTICS_LIMITS.batchCeilingEvents)),
});

export function batchTooLarge(max: number): string {
  return `events must hold at most ${max} views`;
}
export type TrackViewsBody = z.infer<typeof trackViewsBodySchema>;

/**
 * One view counted without cookies (docs/reference/analytics.md, "Views counted without cookies"): what an
 * embed's document or a /view page without analytics consent sends. No id, no time, no session:
 * the service stamps the time, and the visitor is only ever a hash under the day's salt.
 * `referrer` is the origin of the page the artifact was seen on (an embed's host page).
 */
export const viewBeaconBodySchema = z.strictObject({
  artifactId,
  embed: z.boolean(),
  referrer: z
    .string()
    .max(
      ANALYTICS_LIMITS.referrerMaxChars,
      `referrer must be at most ${ANALYTICS_LIMITS.referrerMaxChars} characters`,
    )
    .optional(),
});
export type ViewBeaconBody = z.infer<typeof viewBeaconBodySchema>;
/** The beacon answers 204 with no body. */
export const viewBeaconResponseSchema = z.undefined();
/** Largest beacon body: three short fields, so anything bigger is a 413 before it is read. */
export const VIEW_BEACON_MAX_BYTES = 4096;

export const trackAcceptedSchema = z.object({ accepted: z.number().int() });

/** Null when the reported time is acceptable, else the reason it is not. */
export function viewedAtProblem(viewedAt: string, now: Date = new Date()): string | null {
  const t = Date.parse(viewedAt);
  if (t > now.getTime() + ANALYTICS_LIMITS.viewedAtMaxSkewMinutes * 60_000)
    return ANALYTICS_MESSAGES.viewedAtInFuture;
  if (t < now.getTime() - ANALYTICS_LIMITS.viewedAtMaxAgeHours * 3_600_000)
    return ANALYTICS_MESSAGES.viewedAtTooOld;
  return null;
}

/**
 * Which statistics a caller may read: the permission table decides. Pro and Business both hold
 * analytics_advanced (the pricing card's "Advanced analytics", docs/reference/billing.md); 'basic' is the
 * level of a plan listing analytics_basic alone, which none does today.
 */
export type AnalyticsLevel = 'none' | 'basic' | 'advanced';
export function analyticsLevel(user: AccessSubject | null | undefined): AnalyticsLevel {
  if (hasFeature(user, 'analytics_advanced')) return 'advanced';
  if (hasFeature(user, 'analytics_basic')) return 'basic';
  return 'none';
}

export const artifactTotalsSchema = z.object({
  artifactId: z.string(),
  /** Views by everyone but the owner (the number cards and Most Viewed show). */
  views: z.number().int(),
  ownerViews: z.number().int(),
  shares: z.number().int(),
  /** Downloads by everyone but the owner, once per visitor and UTC day. */
  downloads: z.number().int(),
  /** Copies saved to other vaults ("Save a copy to my vault"). */
  remixes: z.number().int(),
  lastViewedAt: z.string().nullable(),
});
export type ArtifactTotals = z.infer<typeof artifactTotalsSchema>;
export const analyticsOverviewSchema = z.object({
  level: z.enum(['basic', 'advanced']),
  artifacts: z.array(artifactTotalsSchema),
  totalViews: z.number().int(),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

export const dailyViewsSchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  views: z.number().int(),
  uniqueVisitors: z.number().int(),
});
/**
 * One referrer of the top list: its domain ("(direct)" without one, "(other)" past the kept
 * domains) and the visitors it brought — each visitor counted once a day, for the first referrer
 * they came with that day (docs/reference/analytics.md, "Counts you can trust").
 */
export const referrerCountSchema = z.object({ domain: z.string(), visitors: z.number().int() });
export const advancedStatsSchema = z.object({
  views: z.number().int(),
  ownerViews: z.number().int(),
  viewsLast30Days: z.number().int(),
  /** Distinct anonymous sessions over the last 30 days (UTC days). */
  uniqueVisitors30Days: z.number().int(),
  embedViews: z.number().int(),
  directViews: z.number().int(),
  referrers: z.array(referrerCountSchema),
  series: z.array(dailyViewsSchema),
});
export type AdvancedStats = z.infer<typeof advancedStatsSchema>;
export const artifactStatsSchema = advancedStatsSchema.extend({
  artifactId: z.string(),
  shares: z.number().int(),
  downloads: z.number().int(),
  remixes: z.number().int(),
});
export type ArtifactStats = z.infer<typeof artifactStatsSchema>;
export const rollupStatsSchema = advancedStatsSchema.extend({
  artifactIds: z.array(z.string()),
  /** Requested ids left out: unknown, deleted or not the caller's. */
  skipped: z.number().int(),
});
export type RollupStats = z.infer<typeof rollupStatsSchema>;

export const rollupBodySchema = z.strictObject({
  artifactIds: z
    .array(artifactId)
    .max(
      ANALYTICS_LIMITS.rollupMaxArtifacts,
      `artifactIds must hold at most ${ANALYTICS_LIMITS.rollupMaxArtifacts} ids`,
    ),
});
export type RollupBody = z.infer<typeof rollupBodySchema>;
export const artifactStatsParamsSchema = z.strictObject({ id: artifactId });
export const collectionStatsParamsSchema = z.strictObject({ id: z.string().min(1).max(200) });

const UTC_ISO = /^\d{4}-\d{2}-\d{2}T[^+]*Z$/;

/** The UTC day (YYYY-MM-DD) a timestamp falls on. */
export function utcDay(at: string | Date): string {
  // Hot path of the views consumer: an ISO string already in UTC ("…Z") starts with its day.
  if (typeof at === 'string' && UTC_ISO.test(at)) return at.slice(0, 10);
  return (typeof at === 'string' ? new Date(at) : at).toISOString().slice(0, 10);
}
