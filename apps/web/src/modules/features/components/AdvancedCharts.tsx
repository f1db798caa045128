import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { endpoints } from '../../../lib/api/endpoints';
import { apiQuery } from '../../../lib/query';

const FIGURES = [
  ['Views (30 days)', 'viewsLast30Days'],
  ['Unique viewers (30 days)', 'uniqueVisitors30Days'],
  ['Embedded views', 'embedViews'],
  ['Direct views', 'directViews'],
] as const;

/**
 * One artifact's 30-day series, unique visitors, referrers and embed/direct split. The figures
 * are also written out as text and a table: a chart alone says nothing to a screen reader.
 */
export function AdvancedCharts({ artifacts }: { artifacts: { id: string; name: string }[] }) {
  const [selected, setSelected] = useState(artifacts[0]?.id ?? '');
  const { data: stats, error: failure } = useQuery({
    ...apiQuery(endpoints.analytics.artifactStats, { params: { id: selected } }),
    enabled: Boolean(selected),
  });
  const error = failure ? failure.message || 'Failed to load statistics' : null;

  if (artifacts.length === 0) return null;
  return (
    <section className="cv-card" aria-labelledby="charts-title">
      <h2 id="charts-title">Per-artifact analytics</h2>
      <div className="cv-field">
        <label htmlFor="stats-artifact">Artifact</label>
        <select id="stats-artifact" value={selected} onChange={(e) => setSelected(e.target.value)}>
          {artifacts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </div>
      {error && <p className="cv-field-error">{error}</p>}
      {stats && (
        <>
          <dl className="ft-figures">
            {FIGURES.map(([label, key]) => (
              <div key={key}>
                <dt>{label}</dt>
                <dd data-testid={key}>{stats[key]}</dd>
              </div>
            ))}
          </dl>
          <div className="ft-chart" aria-label="Daily views over the last 30 days">
            <ResponsiveContainer width="100%" height={260}>
              <LineChart data={stats.series}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Line type="monotone" dataKey="views" stroke="#3b3fd8" />
                <Line type="monotone" dataKey="uniqueVisitors" stroke="#116b3a" />
              </LineChart>
            </ResponsiveContainer>
          </div>
          {stats.referrers.length === 0 ? (
            <p className="cv-hint">No referrers yet: no visitors in the last 30 days.</p>
          ) : (
            <table className="ft-table" aria-label="Top referrers">
              <thead>
                <tr>
                  <th scope="col">Referrer</th>
                  <th scope="col" title="Each visitor counted once a day, for the first site they came from">
                    Visitors
                  </th>
                </tr>
              </thead>
              <tbody>
                {stats.referrers.map((r) => (
                  <tr key={r.domain}>
                    <td>{r.domain}</td>
                    <td>{r.visitors}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {stats.referrers.length > 0 && (
            <div className="ft-chart" aria-hidden="true">
              <ResponsiveContainer width="100%" height={220}>
                <BarChart data={stats.referrers}>
                  <XAxis dataKey="domain" />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Bar dataKey="visitors" fill="#3b3fd8" />
                </BarChart>
              </ResponsiveContainer>
            </div>
          )}
        </>
      )}
    </section>
  );
}
