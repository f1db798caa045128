import { useQuery } from '@tanstack/react-query';
import { endpoints } from '../../../../lib/api/endpoints';
import { formatDateTime } from '../../../../lib/dates';
import { apiQuery } from '../../../../lib/query';
import { HISTORY_TEXTS as T, activityLabel, authorLabel } from './history-labels';
import { Banner } from '../../../../components/ui';

/** Every change of the artifact (title, description, tags, visibility edits and versions). */
export function ActivityList({ artifactId, me }: { artifactId: string; me: string | null }) {
  const activity = useQuery(apiQuery(endpoints.artifacts.activity, { params: { id: artifactId } }));
  if (activity.isPending) return <p role="status">{T.loadingActivity}</p>;
  if (activity.error) return <Banner tone="error">{activity.error.message || T.activityFailed}</Banner>;
  const entries = activity.data.activity;
  if (entries.length === 0) return <p className="cv-hint">{T.noActivity}</p>;
  return (
    <ol className="vh-activity" aria-label="Activity">
      {entries.map((entry, i) => {
        const who = authorLabel(entry.by, me);
        return (
          <li key={`${entry.at}-${i}`}>
            <span>{activityLabel(entry)}</span>
            <span className="cv-hint">
              {' · '}
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              {who && ` · ${who}`}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
