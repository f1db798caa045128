import { type FormEvent, useState } from 'react';
import { ACCOUNT_MESSAGES, type AccountProfile, NAME_MAX_LENGTH } from '@core-vault/contracts';
import { Field } from '../../../components/ui';
import { messageOf } from '../../../lib/api/errors';
import { useUpdateName } from '../api/account-api';
import { UNEXPECTED } from '../account-texts';
import { Notice, type Outcome } from './Notice';

/** First and last name; saving an unchanged name is a no-op on the server. */
export function ProfileSection({ profile }: { profile: AccountProfile }) {
  const [firstName, setFirstName] = useState(profile.firstName);
  const [lastName, setLastName] = useState(profile.lastName);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const update = useUpdateName();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setOutcome(null);
    if (!firstName.trim() || !lastName.trim()) {
      setOutcome({ kind: 'error', text: ACCOUNT_MESSAGES.nameRequired });
      return;
    }
    try {
      await update.mutateAsync({ body: { firstName, lastName } });
      setOutcome({ kind: 'success', text: ACCOUNT_MESSAGES.profileSaved });
    } catch (err) {
      setOutcome({ kind: 'error', text: messageOf(err, UNEXPECTED) });
    }
  };

  return (
    <section className="cv-card" aria-labelledby="account-profile">
      <h2 id="account-profile">Profile</h2>
      <form className="ac-form" onSubmit={(e) => void submit(e)} noValidate>
        <Field id="account-first-name" label="First name">
          <input
            value={firstName}
            maxLength={NAME_MAX_LENGTH}
            autoComplete="given-name"
            onChange={(e) => setFirstName(e.target.value)}
          />
        </Field>
        <Field id="account-last-name" label="Last name">
          <input
            value={lastName}
            maxLength={NAME_MAX_LENGTH}
            autoComplete="family-name"
            onChange={(e) => setLastName(e.target.value)}
          />
        </Field>
        <Notice outcome={outcome} />
        <button type="submit" className="cv-btn cv-btn-primary" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Profile'}
        </button>
      </form>
    </section>
  );
}
