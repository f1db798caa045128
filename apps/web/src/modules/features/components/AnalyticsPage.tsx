import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useEffect } from 'react';
import { ARTIFACT_LIMITS, analyticsLevel } from '@core-vault/contracts';
import { endpoints } from '../../../lib/api/endpoints';
import { apiQuery, useApiMutation } from '../../../lib/query';
import { useDocumentMeta } from '../../../lib/useDocumentMeta';
import { useSession } from '../../auth';
import { ComingSoon, FeatureShell, Upsell } from './Upsell';
import { Banner } from '../../../components/ui';
import './features.css';

const AdvancedCharts = lazy(() => import('./AdvancedCharts').then((m) => ({ default: m.AdvancedCharts })));

/** What only Business will add (spec's coming-soon list); shown as coming soon to every plan. */
export const ANALYTICS_COMING_SOON = [
  'Performance Metrics',
  'Geographic Data',
  'Time-based Analysis',
  'Conversion Tracking',
] as const;

/**
 * Pro and Business (analytics_advanced, as the pricing card sells Pro; docs/reference/billing.md): view
 * totals of every artifact, then one artifact's views over time, unique viewers, referrers and
 * embeds vs direct views; the Business-only items as coming soon. Without a subscription: the
 * upsell to Pro. The server enforces the same rule (403 otherwise).
 */
export function AnalyticsPage() {
  useDocumentMeta({ title: 'Analytics', robots: 'noindex, nofollow' });
  const { user } = useSession();
  const level = analyticsLevel(user);
  const enabled = level !== 'none';
  const { data: overview, error: failure } = useQuery({ ...apiQuery(endpoints.analytics.overview), enabled });
  const error = failure ? failure.message || 'Failed to load analytics' : null;
  // Statistics know artifacts by id; the names come from the caller's list (most viewed first).
  // Without it (it failed, or an artifact is beyond the first page) the id stands in.
  const { data: list } = useQuery({
    ...apiQuery(endpoints.artifacts.listMine, {
      query: { sort: 'views', limit: ARTIFACT_LIMITS.pageSizeMax },
    }),
    enabled,
  });
  const titles = new Map((list?.artifacts ?? []).map((a) => [a.id, a.title]));
  const nameOf = (id: string) => titles.get(id) ?? id;
  // The onboarding milestone: reported once per visit, failures ignored.
  const { mutate: report } = useApiMutation(endpoints.onboarding.report);
  useEffect(() => {
    if (enabled) report({ params: { milestone: 'analytics_viewed' }, body: {} });
  }, [enabled, report]);

  if (!enabled)
    return (
      <FeatureShell title="Analytics">
        <Upsell feature="Analytics" plan="Pro" />
      </FeatureShell>
    );
  return (
    <FeatureShell title="Analytics">
      {error && <Banner tone="error">{error}</Banner>}
      {overview && (
        <section className="cv-card" aria-labelledby="totals-title">
          <h2 id="totals-title">Views of your artifacts</h2>
          <p>
            Total views: <strong data-testid="total-views">{overview.totalViews}</strong>
          </p>
          {overview.artifacts.length === 0 ? (
            <p className="cv-hint">No views yet. Share an artifact to start counting.</p>
          ) : (
            <table className="ft-table">
              <thead>
                <tr>
                  <th scope="col">Artifact</th>
                  <th scope="col">Views</th>
                  <th scope="col">Shares</th>
                  <th scope="col">Downloads</th>
                  <th scope="col">Copies</th>
                  <th scope="col">Last viewed</th>
                </tr>
              </thead>
              <tbody>
                {overview.artifacts.map((a) => (
                  <tr key={a.artifactId}>
                    <td>
                      <a href={`/view/${encodeURIComponent(a.artifactId)}`}>{nameOf(a.artifactId)}</a>
                    </td>
                    <td>{a.views}</td>
                    <td>{a.shares}</td>
                    <td>{a.downloads}</td>
                    <td>{a.remixes}</td>
                    <td>{a.lastViewedAt ? new Date(a.lastViewedAt).toLocaleString() : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
      {overview && level === 'advanced' && (
        <Suspense fallback={<p>Loading charts...</p>}>
          <AdvancedCharts
            artifacts={overview.artifacts.map((a) => ({ id: a.artifactId, name: nameOf(a.artifactId) }))}
          />
        </Suspense>
      )}
      <ComingSoon title="More analytics with Business" items={ANALYTICS_COMING_SOON} />
    </FeatureShell>
  );
}
