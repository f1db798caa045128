import { ANALYTICS_LIMITS, type AuthUser } from '@core-vault/contracts';
import { AnalyticsService, lastDays } from './analytics.service';
import { type ArtifactStatsRepository } from './artifact-stats.repository';
import { type ArtifactStatsDoc } from './artifact-stats.schema';
import { type VisitorSets } from './visitor-sets';
import { authUser } from '@core-vault/platform/testing';

/** The service sees only the methods a fake gives; this is the one place that says so. */
const as = <T>(fake: Partial<T>): T => fake as T;

const now = new Date('2026-11-24T15:00:00Z');
const user = (over: Partial<AuthUser> = {}): AuthUser => authUser({ subscriptionStatus: 'ACTIVE', ...over });

const stats = (id: string, ownerId: string, over: Partial<ArtifactStatsDoc> = {}): ArtifactStatsDoc => ({
  _id: id,
  known: true,
  ownerId,
  isPublic: true,
  deleted: false,
  firstSeenAt: now,
  total: 0,
  ownerViews: 0,
  embedViews: 0,
  directViews: 0,
  shares: 0,
  droppedPrivate: 0,
  lastViewedAt: null,
  days: {},
  referrers: {},
  wm: {},
  ...over,
});

/** Known, live statistics of the owners' artifacts, as the repository scopes them. */
function service(
  docs: ArtifactStatsDoc[],
  uniques = { perDay: new Map<string, number>(), overall: 0, visitorDays: 0 },
  credited = new Map<string, number>(),
) {
  const owned = (owners: readonly string[]) => docs.filter((d) => d.ownerId && owners.includes(d.ownerId));
  const repo = as<ArtifactStatsRepository>({
    findOwned: (owners: readonly string[]) => Promise.resolve(owned(owners)),
    findOwnedByIds: (owners: readonly string[], ids: readonly string[]) =>
      Promise.resolve(owned(owners).filter((d) => ids.includes(d._id))),
  });
  return new AnalyticsService(
    repo,
    as<VisitorSets>({ count: () => Promise.resolve(uniques), referrers: () => Promise.resolve(credited) }),
  );
}

describe('lastDays', () => {
  it('ends today (UTC) and runs oldest first', () => {
    const days = lastDays(now);
    expect(days).toHaveLength(ANALYTICS_LIMITS.seriesDays);
    expect(days[days.length - 1]).toBe('2026-11-24');
    expect(days[0]).toBe('2026-10-26');
  });
});

describe('AnalyticsService', () => {
  it("sums the overview over the caller's artifacts, those of a migrated id included", async () => {
    const s = service([
      stats('a', 'u1', { total: 3, lastViewedAt: now }),
      stats('b', 'old-id', { total: 4 }),
      stats('c', 'someone-else', { total: 100 }),
    ]);
    const overview = await s.overview(user({ migratedFromUserId: 'old-id' }));
    expect(overview.artifacts.map((a) => a.artifactId)).toEqual(['a', 'b']);
    expect(overview.totalViews).toBe(7);
    expect(overview.artifacts[0]?.lastViewedAt).toBe(now.toISOString());
  });

  it("answers 404 for an artifact that is not the caller's", async () => {
    const err = await service([stats('c', 'someone-else')])
      .artifact(user(), 'c', now)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 404 });
  });

  it('rolls up distinct ids, counting the ones skipped as not the caller’s', async () => {
    const s = service([stats('a', 'u1', { total: 2 }), stats('b', 'u1', { total: 5 }), stats('x', 'u2')]);
    const rollup = await s.rollup(user(), ['b', 'a', 'a', 'x', 'missing'], now);
    expect(rollup).toMatchObject({ artifactIds: ['a', 'b'], skipped: 2, views: 7 });
  });

  it('ranks referrers by the visitors credited to them, (direct) for the rest, ties by name, at most the top ones', async () => {
    const many = Array.from(
      { length: ANALYTICS_LIMITS.topReferrers + 3 },
      (_, i) => [`r${i}.example`, 1] as const,
    );
    const s = service(
      [stats('a', 'u1'), stats('b', 'u1')],
      { perDay: new Map(), overall: 30, visitorDays: 40 },
      new Map([['news.example', 5], ['blog.example', 5], ...many]),
    );
    const { referrers } = await s.rollup(user(), ['a', 'b'], now);
    expect(referrers.slice(0, 4)).toEqual([
      // 40 visitor-days, 23 of them credited to a site.
      { domain: '(direct)', visitors: 17 },
      { domain: 'blog.example', visitors: 5 },
      { domain: 'news.example', visitors: 5 },
      { domain: 'r0.example', visitors: 1 },
    ]);
    expect(referrers).toHaveLength(ANALYTICS_LIMITS.topReferrers);
  });

  it('builds the 30-day series from the daily counts and the visitor sets', async () => {
    const s = service(
      [
        stats('a', 'u1', { days: { '2026-11-24': 2, '2026-10-01': 50 } }),
        stats('b', 'u1', { days: { '2026-11-24': 1 } }),
      ],
      { perDay: new Map([['2026-11-24', 2]]), overall: 2, visitorDays: 2 },
    );
    const result = await s.artifact(user(), 'a', now);
    expect(result.series.at(-1)).toEqual({ day: '2026-11-24', views: 2, uniqueVisitors: 2 });
    // A day outside the window does not count towards the last 30 days.
    expect(result.viewsLast30Days).toBe(2);
    expect(result.uniqueVisitors30Days).toBe(2);
  });
});
