import { type ApiRoute, defineRoute } from '../http/route';
import * as d from './analytics-dto';

const tag = 'analytics';
const base = '/api/v1/analytics';
const bad = { 400: 'Invalid input, with a message naming the field' } as const;
const gated = { 403: `${d.ANALYTICS_MESSAGES.upgrade} / ${d.ANALYTICS_MESSAGES.upgradeAdvanced}` } as const;

export const analyticsRoute = {
  trackView: defineRoute({
    id: 'trackView',
    method: 'POST',
    path: `${base}/track-view`,
    summary: 'Report one consented view (VIEW events only); accepted at once, counted asynchronously',
    tag,
    answeredBy: 'gateway',
    access: 'public',
    body: d.trackViewBodySchema,
    response: d.trackAcceptedSchema,
    successStatus: 202,
    errors: {
      ...bad,
      413: 'Request body too large',
      429: 'Too many tracking requests from this client',
      503: 'Tracking is unavailable',
    },
  }),
  trackViews: defineRoute({
    id: 'trackViews',
    method: 'POST',
    path: `${base}/track-views`,
    summary: `Report up to ${d.ANALYTICS_LIMITS.batchMaxEvents} consented views at once (one visitor adds at most ${d.ANALYTICS_LIMITS.viewsPerVisitorPerDay} views to an artifact a day; more are accepted, not counted)`,
    tag,
    answeredBy: 'gateway',
    access: 'public',
    body: d.trackViewsBodySchema,
    response: d.trackAcceptedSchema,
    successStatus: 202,
    errors: {
      ...bad,
      413: 'Request body too large',
      429: 'Too many tracking requests from this client',
      503: 'Tracking is unavailable',
    },
  }),
  viewBeacon: defineRoute({
    id: 'viewBeacon',
    method: 'POST',
    path: `${base}/beacon`,
    summary:
      'Count one view without cookies (embeds, visitors without analytics consent); a text/plain JSON body (navigator.sendBeacon) is accepted too',
    tag,
    access: 'public',
    body: d.viewBeaconBodySchema,
    response: d.viewBeaconResponseSchema,
    successStatus: 204,
    errors: {
      ...bad,
      413: 'Request body too large',
      429: 'Too many tracking requests from this client',
      503: 'Tracking is unavailable',
    },
  }),
  overview: defineRoute({
    id: 'analyticsOverview',
    method: 'GET',
    path: `${base}/artifacts`,
    summary: "View totals of each of the caller's artifacts (analytics_basic or analytics_advanced)",
    tag,
    access: { feature: 'analytics_basic' },
    response: d.analyticsOverviewSchema,
    errors: gated,
  }),
  artifactStats: defineRoute({
    id: 'artifactStats',
    method: 'GET',
    path: `${base}/artifacts/:id`,
    summary: '30-day series, unique visitors, referrers and embed/direct split of one own artifact',
    tag,
    access: { feature: 'analytics_advanced' },
    params: d.artifactStatsParamsSchema,
    response: d.artifactStatsSchema,
    errors: { ...gated, 404: d.ANALYTICS_MESSAGES.notFound },
  }),
  collectionStats: defineRoute({
    id: 'collectionStats',
    method: 'GET',
    path: `${base}/collections/:id`,
    summary: "Roll-up of the advanced statistics over one of the caller's collections",
    tag,
    answeredBy: 'gateway',
    access: { feature: 'analytics_advanced' },
    params: d.collectionStatsParamsSchema,
    response: d.rollupStatsSchema,
    errors: { ...gated, 404: 'Collection not found' },
  }),
} as const;

/**
 * Public analytics calls. The overview route is listed under analytics_basic, but Business
 * (analytics_advanced) may call it too: `analyticsLevel` is the rule both sides apply.
 */
export const analyticsRoutes: readonly ApiRoute[] = Object.values(analyticsRoute);

/**
 * Calls between services, never exposed by the gateway (not in `apiRoutes`, so not in the
 * OpenAPI document): the gateway composes a collection's statistics with this one.
 */
export const analyticsInternalRoute = {
  rollup: defineRoute({
    id: 'analyticsRollup',
    method: 'POST',
    path: `${base}/rollup`,
    summary: 'Advanced statistics summed over the given artifacts of the caller (internal)',
    tag,
    access: { feature: 'analytics_advanced' },
    body: d.rollupBodySchema,
    response: d.rollupStatsSchema,
    errors: { ...bad, ...gated },
  }),
} as const;

export const analyticsInternalRoutes: readonly ApiRoute[] = Object.values(analyticsInternalRoute);
