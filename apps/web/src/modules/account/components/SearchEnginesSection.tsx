import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Banner, Spinner } from '../../../components/ui';
import { endpoints } from '../../../lib/api/endpoints';
import { messageOf } from '../../../lib/api/errors';
import { apiQuery, useApiMutation } from '../../../lib/query';
import { UNEXPECTED } from '../account-texts';
import { Notice, type Outcome } from './Notice';
import './search-engines.css';

export const SEARCH_ENGINES_TEXTS = {
  title: 'Search engines',
  label: 'Let search engines index my public artifacts',
  hint:
    'Off by default. When off, your public artifacts still open for anyone with the link, but their ' +
    'pages ask search engines not to index them and they are left out of the sitemap.',
  allowed: 'Search engines may now index your public artifacts.',
  refused: 'Search engines will no longer be invited to index your public artifacts.',
} as const;

/** The owner's search-engine setting (GET/PUT /api/v1/artifact-settings), saved on each change. */
export function SearchEnginesSection() {
  const client = useQueryClient();
  const settings = useQuery(apiQuery(endpoints.artifactSettings.get));
  const [outcome, setOutcome] = useState<Outcome>(null);
  const save = useApiMutation(endpoints.artifactSettings.put, {
    onSuccess: (stored) => client.setQueryData(apiQuery(endpoints.artifactSettings.get).queryKey, stored),
  });

  const change = async (allowIndexing: boolean) => {
    setOutcome(null);
    try {
      const stored = await save.mutateAsync({ body: { allowIndexing } });
      setOutcome({
        kind: 'success',
        text: stored.allowIndexing ? SEARCH_ENGINES_TEXTS.allowed : SEARCH_ENGINES_TEXTS.refused,
      });
    } catch (err) {
      setOutcome({ kind: 'error', text: messageOf(err, UNEXPECTED) });
    }
  };

  return (
    <section className="cv-card" aria-labelledby="account-search-engines">
      <h2 id="account-search-engines">{SEARCH_ENGINES_TEXTS.title}</h2>
      {settings.isError ? (
        <Banner tone="error">
          {messageOf(settings.error, UNEXPECTED)}{' '}
          <button type="button" className="cv-link-btn" onClick={() => void settings.refetch()}>
            Try again
          </button>
        </Banner>
      ) : !settings.data ? (
        <Spinner />
      ) : (
        <div className="ac-form">
          <label className="ac-check" htmlFor="account-allow-indexing">
            <input
              id="account-allow-indexing"
              type="checkbox"
              checked={settings.data.allowIndexing}
              disabled={save.isPending}
              aria-describedby="account-allow-indexing-hint"
              onChange={(e) => void change(e.target.checked)}
            />
            {SEARCH_ENGINES_TEXTS.label}
          </label>
          <span id="account-allow-indexing-hint" className="cv-hint">
            {SEARCH_ENGINES_TEXTS.hint}
          </span>
          <Notice outcome={outcome} />
        </div>
      )}
    </section>
  );
}
