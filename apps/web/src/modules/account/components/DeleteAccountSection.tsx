import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  VERIFICATION_CODE_LENGTH,
  confirmAccountDeletionRoute,
  requestAccountDeletionRoute,
} from '@core-vault/contracts';
import { messageOf } from '../../../lib/api/errors';
import { useApiMutation } from '../../../lib/query';
import { useSession } from '../../auth';
import { ACCOUNT_DELETED_NOTICE } from '../account-notice';
import { UNEXPECTED } from '../account-texts';
import { CodeStepField } from './CodeStepField';
import { Notice, type Outcome } from './Notice';

export const DELETE_ACCOUNT_TEXTS = {
  title: 'Delete account',
  explain:
    'Deleting your account is permanent. Your artifacts and their versions, your collections, your ' +
    'analytics, your onboarding progress and your sessions and API keys are erased, and shared ' +
    'links stop working at once. A trial or subscription is canceled at Stripe; invoices are kept ' +
    'for bookkeeping without your name. Export your data first if you want to keep it.',
  sendCode: 'Send Deletion Code',
  sending: 'Sending code...',
  confirm: 'Delete My Account',
  deleting: 'Deleting...',
  cancel: 'Cancel',
  codeRequired: 'Please enter the verification code.',
} as const;

export { ACCOUNT_DELETED_NOTICE };

/**
 * The danger zone of /account: a code to the account's own address (the answer says whether a
 * trial or subscription will be canceled), then the code deletes the account. On success the
 * browser's session ends here and in every tab, and the landing page says the account is gone.
 */
export function DeleteAccountSection() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState<'start' | 'code'>('start');
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const request = useApiMutation(requestAccountDeletionRoute);
  const confirm = useApiMutation(confirmAccountDeletionRoute);

  const sendCode = async () => {
    setOutcome(null);
    try {
      const res = await request.mutateAsync({});
      setStep('code');
      setCode('');
      // The message says what deleting will cancel (a trial or subscription) before the code is entered.
      setOutcome({ kind: 'success', text: res.message });
    } catch (err) {
      setOutcome({ kind: 'error', text: messageOf(err, UNEXPECTED) });
    }
  };

  const confirmCode = async (e: FormEvent) => {
    e.preventDefault();
    setOutcome(null);
    if (!code.trim()) {
      setOutcome({ kind: 'error', text: DELETE_ACCOUNT_TEXTS.codeRequired });
      return;
    }
    try {
      const res = await confirm.mutateAsync({ body: { code: code.trim() } });
      // To the landing page first: signed out on /account, its guard would send the browser to
      // /login instead. flushSync, not the router's usual transition: in a transition React keeps
      // showing /account while the landing page's chunk loads, and the sign-out would reach that
      // guard. Then the browser's session ends here and in every tab (the server ended them all).
      await navigate('/', {
        replace: true,
        flushSync: true,
        state: { [ACCOUNT_DELETED_NOTICE]: res.message },
      });
      await signOut();
    } catch (err) {
      setOutcome({ kind: 'error', text: messageOf(err, UNEXPECTED) });
    }
  };

  return (
    <section className="cv-card" aria-labelledby="account-delete">
      <h2 id="account-delete">{DELETE_ACCOUNT_TEXTS.title}</h2>
      <p>{DELETE_ACCOUNT_TEXTS.explain}</p>
      {step === 'start' ? (
        <>
          <Notice outcome={outcome} />
          <button
            type="button"
            className="cv-btn cv-btn-danger"
            disabled={request.isPending}
            onClick={() => void sendCode()}
          >
            {request.isPending ? DELETE_ACCOUNT_TEXTS.sending : DELETE_ACCOUNT_TEXTS.sendCode}
          </button>
        </>
      ) : (
        <form className="ac-form" onSubmit={(e) => void confirmCode(e)} noValidate>
          <Notice outcome={outcome} />
          <p className="cv-hint">
            Enter the {VERIFICATION_CODE_LENGTH}-digit code sent to your email address.
          </p>
          <CodeStepField
            id="account-delete-code"
            value={code}
            onChange={setCode}
            onResend={() => void sendCode()}
            resending={request.isPending}
          />
          <div className="cv-row">
            <button type="submit" className="cv-btn cv-btn-danger" disabled={confirm.isPending}>
              {confirm.isPending ? DELETE_ACCOUNT_TEXTS.deleting : DELETE_ACCOUNT_TEXTS.confirm}
            </button>
            <button
              type="button"
              className="cv-btn"
              onClick={() => {
                setStep('start');
                setCode('');
                setOutcome(null);
              }}
            >
              {DELETE_ACCOUNT_TEXTS.cancel}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
