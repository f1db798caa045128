import { type FormEvent, useState } from 'react';
import { PASSWORD_MIN_LENGTH, type SelectablePlanId, signUpProblem } from '@core-vault/contracts';
import { PlanPicker } from './PlanPicker';

export interface AccountDetails {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  planType: SelectablePlanId;
}

export const emptyDetails: AccountDetails = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  planType: 'pro_monthly',
};

/** Step 1: the account fields, checked in the spec's order before anything is sent. */
export function DetailsStep({
  initial,
  busy,
  error,
  onSubmit,
}: {
  initial: AccountDetails;
  busy: boolean;
  error: string | null;
  onSubmit: (details: AccountDetails) => void;
}) {
  const [form, setForm] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof AccountDetails) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = signUpProblem(form);
    setProblem(found);
    if (!found) onSubmit(form);
  };

  const shown = problem ?? error;
  return (
    <form onSubmit={submit} noValidate>
      <h1>Create Your Account</h1>
      <p className="cv-hint">Step 1 of 2: Account Information</p>
      {shown && (
        <div className="cv-banner cv-banner-error" role="alert">
          {shown}
        </div>
      )}
      <div className="reg-two">
        <div className="cv-field">
          <label htmlFor="reg-first">First name</label>
          <input
            id="reg-first"
            autoComplete="given-name"
            value={form.firstName}
            onChange={set('firstName')}
          />
        </div>
        <div className="cv-field">
          <label htmlFor="reg-last">Last name</label>
          <input id="reg-last" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} />
        </div>
      </div>
      <div className="cv-field">
        <label htmlFor="reg-email">Email</label>
        <input id="reg-email" type="email" autoComplete="email" value={form.email} onChange={set('email')} />
      </div>
      <div className="reg-two">
        <div className="cv-field">
          <label htmlFor="reg-password">Password</label>
          <input
            id="reg-password"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            value={form.password}
            onChange={set('password')}
          />
        </div>
        <div className="cv-field">
          <label htmlFor="reg-confirm">Confirm password</label>
          <input
            id="reg-confirm"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
          />
        </div>
      </div>
      <PlanPicker value={form.planType} onChange={(planType) => setForm((f) => ({ ...f, planType }))} />
      <button type="submit" className="cv-btn cv-btn-primary reg-submit" disabled={busy}>
        {busy ? 'Creating account...' : 'Continue to Payment'}
      </button>
    </form>
  );
}
