import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  type CreatedPersonalToken,
  type PersonalToken,
  listPersonalTokensRoute,
  revokePersonalTokenRoute,
} from '@core-vault/contracts';
import { Banner, Spinner } from '../../../components/ui';
import { messageOf } from '../../../lib/api/errors';
import { copyText } from '../../../lib/clipboard';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { apiKey, apiQuery, useApiMutation } from '../../../lib/query';
import { UNEXPECTED } from '../account-texts';
import { CreateTokenForm } from './CreateTokenForm';
import { Notice, type Outcome } from './Notice';
import { TOKEN_TEXTS as T } from './PersonalTokenTexts';
import './PersonalTokens.css';

/**
 * /account's personal access tokens (contract #19 §4): create one (its secret shown once), the
 * list with last use and expiry, revoke with a confirmation.
 */
export function PersonalTokensSection() {
  const tokens = useQuery(apiQuery(listPersonalTokensRoute));
  const client = useQueryClient();
  const [created, setCreated] = useState<CreatedPersonalToken | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const reload = () => client.invalidateQueries({ queryKey: apiKey(listPersonalTokensRoute).slice(0, 1) });
  const revoke = useApiMutation(revokePersonalTokenRoute, {
    onSuccess: (res) => {
      setOutcome({ kind: 'success', text: res.message });
      return reload();
    },
    onError: (err) => setOutcome({ kind: 'error', text: messageOf(err, UNEXPECTED) }),
  });
  const list = tokens.data?.tokens ?? [];

  return (
    <section className="cv-card" aria-labelledby="account-tokens">
      <h2 id="account-tokens">{T.title}</h2>
      <p>{T.intro}</p>
      <p className="cv-row">
        <Link to="/extension/connect">{T.connect}</Link>
        <a href="/api-docs" target="_blank" rel="noopener noreferrer">
          {T.apiDocs}
        </a>
      </p>
      {created ? (
        <SecretOnce created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateTokenForm
          onCreated={(c) => {
            setOutcome(null);
            setCreated(c);
            void reload();
          }}
        />
      )}
      {tokens.isPending ? (
        <Spinner label={T.loading} />
      ) : tokens.isError ? (
        <Banner tone="error">
          {T.loadFailed} {messageOf(tokens.error, UNEXPECTED)}{' '}
          <button type="button" className="cv-btn cv-btn-small" onClick={() => void tokens.refetch()}>
            {T.retry}
          </button>
        </Banner>
      ) : list.length === 0 ? (
        <p>{T.empty}</p>
      ) : (
        <ul className="ac-sessions" aria-label={T.title}>
          {list.map((t) => (
            <TokenRow
              key={t.id}
              token={t}
              disabled={revoke.isPending}
              onRevoke={() => {
                setOutcome(null);
                if (window.confirm(T.revokeConfirm(t.name))) revoke.mutate({ params: { id: t.id } });
              }}
            />
          ))}
        </ul>
      )}
      <Notice outcome={outcome} />
    </section>
  );
}

/** The one time the secret is on screen: Copy, and the warning that it will not be shown again. */
function SecretOnce({ created, onDone }: { created: CreatedPersonalToken; onDone: () => void }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="cv-banner cv-banner-success" role="status" data-testid="token-secret">
      <strong>{T.secretTitle(created.personalToken.name)}</strong>
      <p>{T.secretOnce}</p>
      <code className="ac-secret">{created.token}</code>
      <div className="cv-row">
        <button
          type="button"
          className="cv-btn cv-btn-small"
          onClick={() => void copyText(created.token).then(setCopied)}
        >
          {copied ? T.copied : T.copy}
        </button>
        <button type="button" className="cv-btn cv-btn-small" onClick={onDone}>
          {T.done}
        </button>
      </div>
      {copied === false && <p role="alert">{T.copyFailed}</p>}
    </div>
  );
}

function TokenRow(props: { token: PersonalToken; disabled: boolean; onRevoke: () => void }) {
  const { token: t } = props;
  const expired = t.expiresAt !== null && new Date(t.expiresAt).getTime() <= Date.now();
  const active = !t.revokedAt && !expired;
  return (
    <li data-testid="token-row">
      <strong>{t.name}</strong> <code>{t.prefix}…</code>
      {t.revokedAt && <span className="cv-badge"> {T.revoked}</span>}
      {!t.revokedAt && expired && <span className="cv-badge"> {T.expired}</span>}
      <div>{t.scopes.join(', ')}</div>
      <div>
        {T.created} {formatDate(t.createdAt)} · {T.lastUsed} {formatDateTime(t.lastUsedAt, T.never)} ·{' '}
        {T.expires} {formatDate(t.expiresAt, T.noExpiry)}
      </div>
      {active && (
        <button
          type="button"
          className="cv-btn cv-btn-small cv-btn-danger"
          aria-label={`${T.revoke} ${t.name}`}
          disabled={props.disabled}
          onClick={props.onRevoke}
        >
          {T.revoke}
        </button>
      )}
    </li>
  );
}
