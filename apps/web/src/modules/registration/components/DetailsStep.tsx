import { type FormEvent, useState } from 'react';
import { PASSWORD_MIN_LENGTH, type SelectablePlanId, signUpProblem } from '@core-vault/contracts';
import { Banner, Field } from '../../../components/ui';
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
      {shown && <Banner tone="error">{shown}</Banner>}
      <div className="reg-two">
        <Field id="reg-first" label="First name">
          <input autoComplete="given-name" value={form.firstName} onChange={set('firstName')} />
        </Field>
        <Field id="reg-last" label="Last name">
          <input autoComplete="family-name" value={form.lastName} onChange={set('lastName')} />
        </Field>
      </div>
      <Field id="reg-email" label="Email">
        <input type="email" autoComplete="email" value={form.email} onChange={set('email')} />
      </Field>
      <div className="reg-two">
        <Field id="reg-password" label="Password">
          <input
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            value={form.password}
            onChange={set('password')}
          />
        </Field>
        <Field id="reg-confirm" label="Confirm password">
          <input
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
          />
        </Field>
      </div>
      <PlanPicker value={form.planType} onChange={(planType) => setForm((f) => ({ ...f, planType }))} />
      <button type="submit" className="cv-btn cv-btn-primary reg-submit" disabled={busy}>
        {busy ? 'Creating account...' : 'Continue to Payment'}
      </button>
    </form>
  );
}
