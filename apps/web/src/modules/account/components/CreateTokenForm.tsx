import { type FormEvent, useState } from 'react';
import {
  type CreatedPersonalToken,
  PERSONAL_TOKEN_NAME_MAX_LENGTH,
  PERSONAL_TOKEN_SCOPES,
  BUSINESS_TOKEN_SCOPE_FEATURE,
  createPersonalTokenRoute,
  type PersonalTokenScope,
  hasFeature,
  isBusinessTokenScope,
} from '@core-vault/contracts';
import { Field } from '../../../components/ui';
import { messageOf } from '../../../lib/api/errors';
import { useApiMutation } from '../../../lib/query';
import { useSession } from '../../auth';
import { UNEXPECTED } from '../account-texts';
import { Notice, type Outcome } from './Notice';
import { TOKEN_TEXTS } from './PersonalTokenTexts';

/** What the browser extension needs, and every plan may hold: ticked by default. */
const DEFAULT_SCOPES: readonly PersonalTokenScope[] = PERSONAL_TOKEN_SCOPES.filter((s) =>
  s.startsWith('artifacts:'),
);

/** Name, scopes and expiry of a new key; the answer (with the secret) goes to `onCreated`. */
export function CreateTokenForm({ onCreated }: { onCreated: (created: CreatedPersonalToken) => void }) {
  const { user } = useSession();
  // Business scopes need api_access (the gateway refuses them without it, 403).
  const business = hasFeature(user, BUSINESS_TOKEN_SCOPE_FEATURE);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<PersonalTokenScope[]>([...DEFAULT_SCOPES]);
  const [expiry, setExpiry] = useState<string>('90');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const create = useApiMutation(createPersonalTokenRoute);

  const toggle = (scope: PersonalTokenScope, on: boolean) =>
    setScopes((now) => (on ? [...now, scope] : now.filter((s) => s !== scope)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setOutcome(null);
    if (!name.trim()) return setOutcome({ kind: 'error', text: TOKEN_TEXTS.nameRequired });
    if (scopes.length === 0) return setOutcome({ kind: 'error', text: TOKEN_TEXTS.scopeRequired });
    try {
      const created = await create.mutateAsync({
        body: {
          name: name.trim(),
          // In the list's order, whatever order they were ticked in.
          scopes: PERSONAL_TOKEN_SCOPES.filter((s) => scopes.includes(s)),
          expiresInDays: expiry === 'none' ? null : Number(expiry),
        },
      });
      setName('');
      onCreated(created);
    } catch (err) {
      setOutcome({ kind: 'error', text: messageOf(err, UNEXPECTED) });
    }
  };

  return (
    <form
      className="ac-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={TOKEN_TEXTS.createTitle}
    >
      <Field id="token-name" label={TOKEN_TEXTS.name}>
        <input
          value={name}
          maxLength={PERSONAL_TOKEN_NAME_MAX_LENGTH}
          placeholder={TOKEN_TEXTS.namePlaceholder}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <fieldset className="ac-scopes">
        <legend>{TOKEN_TEXTS.scopes}</legend>
        {PERSONAL_TOKEN_SCOPES.map((scope) => {
          const locked = isBusinessTokenScope(scope) && !business;
          return (
            <label key={scope} className="ac-scope">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                disabled={locked}
                onChange={(e) => toggle(scope, e.target.checked)}
              />{' '}
              <code>{scope}</code> {TOKEN_TEXTS.scopeHelp[scope] ?? ''}
              {locked && <span className="cv-badge"> {TOKEN_TEXTS.businessPlan}</span>}
            </label>
          );
        })}
      </fieldset>
      <Field id="token-expiry" label={TOKEN_TEXTS.expiry}>
        <select value={expiry} onChange={(e) => setExpiry(e.target.value)}>
          {TOKEN_TEXTS.expiryOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
      <Notice outcome={outcome} />
      <button type="submit" className="cv-btn cv-btn-primary" disabled={create.isPending}>
        {create.isPending ? TOKEN_TEXTS.creating : TOKEN_TEXTS.create}
      </button>
    </form>
  );
}
