import { Injectable } from '@nestjs/common';
import {
  ANALYTICS_LIMITS,
  type AdvancedStats,
  type AnalyticsOverview,
  type ArtifactStats,
  type AuthUser,
  type RollupStats,
  analyticsLevel,
  utcDay,
} from '@core-vault/contracts';
import { AnalyticsException } from './analytics.exception';
import { ArtifactStatsRepository } from './artifact-stats.repository';
import { type ArtifactStatsDoc } from './artifact-stats.schema';
import { topReferrers } from './referrer';
import { VisitorSets } from './visitor-sets';

const DAY_MS = 86_400_000;

/** The ids whose artifacts the caller owns: the token's subject and the id it migrated from. */
function owners(user: AuthUser): string[] {
  return user.migratedFromUserId ? [user.id, user.migratedFromUserId] : [user.id];
}

/** The last `n` UTC days, oldest first, ending today. */
export function lastDays(now: Date, n: number = ANALYTICS_LIMITS.seriesDays): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: n }, (_, i) => utcDay(new Date(today - (n - 1 - i) * DAY_MS)));
}

/** Statistics reads: always scoped to the caller's own, known, not deleted artifacts. */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly stats: ArtifactStatsRepository,
    private readonly visitors: VisitorSets,
  ) {}

  async overview(user: AuthUser): Promise<AnalyticsOverview> {
    const docs = await this.stats.findOwned(owners(user));
    const artifacts = docs.map((d) => ({
      artifactId: d._id,
      views: d.total,
      ownerViews: d.ownerViews,
      shares: d.shares,
      downloads: d.downloads ?? 0,
      remixes: d.remixes ?? 0,
      lastViewedAt: d.lastViewedAt ? new Date(d.lastViewedAt).toISOString() : null,
    }));
    return {
      level: analyticsLevel(user) === 'advanced' ? 'advanced' : 'basic',
      artifacts,
      totalViews: artifacts.reduce((n, a) => n + a.views, 0),
    };
  }

  async artifact(user: AuthUser, id: string, now = new Date()): Promise<ArtifactStats> {
    const [doc] = await this.stats.findOwnedByIds(owners(user), [id]);
    if (!doc) throw AnalyticsException.notFound();
    return {
      artifactId: doc._id,
      shares: doc.shares,
      downloads: doc.downloads ?? 0,
      remixes: doc.remixes ?? 0,
      ...(await this.advanced([doc], now)),
    };
  }

  async rollup(user: AuthUser, ids: readonly string[], now = new Date()): Promise<RollupStats> {
    const unique = [...new Set(ids)];
    const docs = unique.length ? await this.stats.findOwnedByIds(owners(user), unique) : [];
    return {
      artifactIds: docs.map((d) => d._id).sort(),
      skipped: unique.length - docs.length,
      ...(await this.advanced(docs, now)),
    };
  }

  private async advanced(docs: readonly ArtifactStatsDoc[], now: Date): Promise<AdvancedStats> {
    const days = lastDays(now);
    const ids = docs.map((d) => d._id);
    const [uniques, credited] = await Promise.all([
      this.visitors.count(ids, days),
      this.visitors.referrers(ids, days),
    ]);
    const series = days.map((day) => ({
      day,
      views: docs.reduce((n, d) => n + (d.days?.[day] ?? 0), 0),
      uniqueVisitors: uniques.perDay.get(day) ?? 0,
    }));
    const sum = (f: (d: ArtifactStatsDoc) => number) => docs.reduce((n, d) => n + f(d), 0);
    return {
      views: sum((d) => d.total),
      ownerViews: sum((d) => d.ownerViews),
      viewsLast30Days: series.reduce((n, s) => n + s.views, 0),
      uniqueVisitors30Days: uniques.overall,
      embedViews: sum((d) => d.embedViews),
      directViews: sum((d) => d.directViews),
      referrers: topReferrers(credited, uniques.visitorDays, ANALYTICS_LIMITS.topReferrers),
      series,
    };
  }
}
