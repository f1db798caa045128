import { type FormEvent, useState } from 'react';
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  VERIFICATION_CODE_LENGTH,
} from '@core-vault/contracts';
import { Field } from '../../../components/ui';
import { messageOf } from '../../../lib/api/errors';
import { useSession } from '../../auth';
import { useConfirmEmailChange, useRequestEmailChange } from '../api/account-api';
import { UNEXPECTED } from '../account-texts';
import { CodeStepField } from './CodeStepField';
import { Notice, type Outcome } from './Notice';

/**
 * E-mail change in two steps: the new address and the current password send a 6-digit code to
 * the new address; the code moves the account there. The session then reloads (the new address
 * is in the signed-in user and the access token).
 */
export function EmailSection({ email }: { email: string }) {
  const { refreshSession } = useSession();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'address' | 'code'>('address');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const request = useRequestEmailChange();
  const confirm = useConfirmEmailChange();

  const sendCode = async () => {
    setOutcome(null);
    if (!newEmail.trim() || !password) {
      setOutcome({ kind: 'error', text: AUTH_MESSAGES.fillAllFields });
      return;
    }
    try {
      const res = await request.mutateAsync({
        body: { newEmail: newEmail.trim(), currentPassword: password },
      });
      setStep('code');
      setCode('');
      setOutcome({ kind: 'success', text: res.message });
    } catch (err) {
      setOutcome({ kind: 'error', text: messageOf(err, UNEXPECTED) });
    }
  };

  const confirmCode = async (e: FormEvent) => {
    e.preventDefault();
    setOutcome(null);
    try {
      await confirm.mutateAsync({ body: { code: code.trim() } });
      await refreshSession();
      setStep('address');
      setNewEmail('');
      setPassword('');
      setOutcome({ kind: 'success', text: ACCOUNT_MESSAGES.emailChanged });
    } catch (err) {
      setOutcome({ kind: 'error', text: messageOf(err, UNEXPECTED) });
    }
  };

  const cancel = () => {
    setStep('address');
    setCode('');
    setOutcome(null);
  };

  return (
    <section className="cv-card" aria-labelledby="account-email">
      <h2 id="account-email">Email</h2>
      <p>
        Current address: <strong data-testid="account-email">{email}</strong>
      </p>
      {step === 'address' ? (
        <form
          className="ac-form"
          onSubmit={(e) => {
            e.preventDefault();
            void sendCode();
          }}
          noValidate
        >
          <Field id="account-new-email" label="New email address">
            <input
              type="email"
              value={newEmail}
              maxLength={EMAIL_MAX_LENGTH}
              autoComplete="email"
              onChange={(e) => setNewEmail(e.target.value)}
            />
          </Field>
          <Field id="account-email-password" label="Your password" hint="Confirms it is you.">
            <input
              type="password"
              value={password}
              maxLength={PASSWORD_MAX_LENGTH}
              autoComplete="current-password"
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <Notice outcome={outcome} />
          <button type="submit" className="cv-btn cv-btn-primary" disabled={request.isPending}>
            {request.isPending ? 'Sending code...' : 'Send Verification Code'}
          </button>
        </form>
      ) : (
        <form className="ac-form" onSubmit={(e) => void confirmCode(e)}>
          <p className="cv-hint">
            Enter the {VERIFICATION_CODE_LENGTH}-digit code sent to <strong>{newEmail.trim()}</strong>.
          </p>
          <CodeStepField
            id="account-email-code"
            value={code}
            onChange={setCode}
            onResend={() => void sendCode()}
            resending={request.isPending}
          />
          <Notice outcome={outcome} />
          <div className="cv-row">
            <button type="submit" className="cv-btn cv-btn-primary" disabled={confirm.isPending}>
              {confirm.isPending ? 'Verifying...' : 'Change Email'}
            </button>
            <button type="button" className="cv-btn" onClick={cancel}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
