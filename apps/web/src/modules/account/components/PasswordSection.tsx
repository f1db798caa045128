import { type FormEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  AUTH_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  listPersonalTokensRoute,
} from '@core-vault/contracts';
import { Field } from '../../../components/ui';
import { messageOf } from '../../../lib/api/errors';
import { apiKey } from '../../../lib/query';
import { useChangePassword } from '../api/account-api';
import { PASSWORD_CHANGE_EFFECTS, UNEXPECTED, newPasswordProblem } from '../account-texts';
import { Notice, type Outcome } from './Notice';

/**
 * Current password, then the new one twice; this session stays, the others are signed out and
 * every personal access token is revoked (the list below shows them revoked at once).
 */
export function PasswordSection() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const change = useChangePassword();
  const client = useQueryClient();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setOutcome(null);
    const problem =
      !current || !next || !again ? AUTH_MESSAGES.fillAllFields : newPasswordProblem(next, again);
    if (problem) {
      setOutcome({ kind: 'error', text: problem });
      return;
    }
    try {
      const res = await change.mutateAsync({ body: { currentPassword: current, newPassword: next } });
      setCurrent('');
      setNext('');
      setAgain('');
      setOutcome({ kind: 'success', text: res.message });
      void client.invalidateQueries({ queryKey: apiKey(listPersonalTokensRoute).slice(0, 1) });
    } catch (err) {
      setOutcome({ kind: 'error', text: messageOf(err, UNEXPECTED) });
    }
  };

  const input = (value: string, set: (v: string) => void, autoComplete: string, min?: number) => (
    <input
      type="password"
      value={value}
      minLength={min}
      maxLength={PASSWORD_MAX_LENGTH}
      autoComplete={autoComplete}
      onChange={(e) => set(e.target.value)}
    />
  );

  return (
    <section className="cv-card" aria-labelledby="account-password">
      <h2 id="account-password">Password</h2>
      <p className="cv-hint">{PASSWORD_CHANGE_EFFECTS}</p>
      <form className="ac-form" onSubmit={(e) => void submit(e)} noValidate>
        <Field id="account-current-password" label="Current password">
          {input(current, setCurrent, 'current-password')}
        </Field>
        <Field
          id="account-new-password"
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        >
          {input(next, setNext, 'new-password', PASSWORD_MIN_LENGTH)}
        </Field>
        <Field id="account-confirm-password" label="Confirm new password">
          {input(again, setAgain, 'new-password', PASSWORD_MIN_LENGTH)}
        </Field>
        <Notice outcome={outcome} />
        <button type="submit" className="cv-btn cv-btn-primary" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </button>
      </form>
    </section>
  );
}
