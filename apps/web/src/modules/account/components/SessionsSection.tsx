import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type ActiveSession,
  endSessionRoute,
  listSessionsRoute,
  signOutOtherSessionsRoute,
} from '@core-vault/contracts';
import { Banner, Spinner } from '../../../components/ui';
import { messageOf } from '../../../lib/api/errors';
import { formatDateTime } from '../../../lib/dates';
import { apiKey, apiQuery, useApiMutation } from '../../../lib/query';

/** The catalogue's text for a failure that carries no message of its own (spec §8). */
const UNEXPECTED = 'An unexpected error occurred. Please try again.';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

export const SESSIONS_TEXTS = {
  title: 'Active Sessions',
  intro: 'Browsers signed in to your account. Sign out any you do not recognise.',
  loading: 'Loading your sessions...',
  loadFailed: 'Could not load your sessions.',
  empty: 'No active sessions.',
  thisSession: 'This session',
  signOut: 'Sign Out',
  signOutOthers: 'Sign Out Other Sessions',
  signingOut: 'Signing out...',
  retry: 'Try Again',
} as const;

/** The caller's sign-in sessions on /account: each with browser, device and last use; end one, or all others. */
export function SessionsSection() {
  const sessions = useQuery(apiQuery(listSessionsRoute));
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const reload = () => client.invalidateQueries({ queryKey: apiKey(listSessionsRoute).slice(0, 1) });
  const done = {
    onSuccess: (res: { message: string }) => {
      setOutcome({ kind: 'success', text: res.message });
      return reload();
    },
    onError: (err: Error) => setOutcome({ kind: 'error', text: messageOf(err, UNEXPECTED) }),
  };
  const end = useApiMutation(endSessionRoute, done);
  const others = useApiMutation(signOutOtherSessionsRoute, done);
  const list = sessions.data?.sessions ?? [];
  const busy = end.isPending || others.isPending;

  return (
    <section className="cv-card" aria-labelledby="account-sessions">
      <h2 id="account-sessions">{SESSIONS_TEXTS.title}</h2>
      <p>{SESSIONS_TEXTS.intro}</p>
      {sessions.isPending ? (
        <Spinner label={SESSIONS_TEXTS.loading} />
      ) : sessions.isError ? (
        <Banner tone="error">
          {SESSIONS_TEXTS.loadFailed} {messageOf(sessions.error, UNEXPECTED)}{' '}
          <button type="button" className="cv-btn cv-btn-small" onClick={() => void sessions.refetch()}>
            {SESSIONS_TEXTS.retry}
          </button>
        </Banner>
      ) : list.length === 0 ? (
        <p>{SESSIONS_TEXTS.empty}</p>
      ) : (
        <ul className="ac-sessions" aria-label={SESSIONS_TEXTS.title}>
          {list.map((s) => (
            <SessionRow
              key={s.id}
              session={s}
              disabled={busy}
              onEnd={() => {
                setOutcome(null);
                end.mutate({ params: { id: s.id } });
              }}
            />
          ))}
        </ul>
      )}
      {outcome && <Banner tone={outcome.kind}>{outcome.text}</Banner>}
      {list.some((s) => !s.current) && (
        <button
          type="button"
          className="cv-btn cv-btn-danger"
          disabled={busy}
          onClick={() => {
            setOutcome(null);
            others.mutate({});
          }}
        >
          {others.isPending ? SESSIONS_TEXTS.signingOut : SESSIONS_TEXTS.signOutOthers}
        </button>
      )}
    </section>
  );
}

function SessionRow(props: { session: ActiveSession; disabled: boolean; onEnd: () => void }) {
  const { session: s } = props;
  const name = `${s.browser} on ${s.device}`;
  return (
    <li data-testid="session-row">
      <strong>{name}</strong>
      {s.current && <span className="cv-badge"> {SESSIONS_TEXTS.thisSession}</span>}
      <div>Signed in {formatDateTime(s.createdAt)}</div>
      <div>Last used {formatDateTime(s.lastUsedAt)}</div>
      {!s.current && (
        <button
          type="button"
          className="cv-btn cv-btn-small"
          aria-label={`${SESSIONS_TEXTS.signOut} ${name}`}
          disabled={props.disabled}
          onClick={props.onEnd}
        >
          {SESSIONS_TEXTS.signOut}
        </button>
      )}
    </li>
  );
}
