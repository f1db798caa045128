import { AUTH_MESSAGES } from '@core-vault/contracts';
import { CodeInput, Field } from '../../../components/ui';
import { api } from '../../../lib/api/client';
import { endpoints } from '../../../lib/api/endpoints';
import { ApiError } from '../../../lib/api/errors';
import { UI_MESSAGES } from '../auth-messages';
import './verification-code.css';

export type ResendNotice = { kind: 'success' | 'error'; text: string };

/**
 * The 6-digit code identity e-mails (sign-in is always password + code), with 'Resend code'.
 * Used by the sign-in page's code mode and by registration's verify step; each shows the resend
 * outcome in its own banner, so the field reports it through `onResend`.
 */
export function VerificationCodeField({
  id,
  email,
  value,
  onChange,
  onResend,
}: {
  id: string;
  /** Where the code goes; resending asks for it first when it is blank. */
  email: string;
  value: string;
  onChange: (code: string) => void;
  onResend: (notice: ResendNotice) => void;
}) {
  const resend = async () => {
    // Registration always has the address; the sign-in page relies on this check.
    if (!email.trim()) {
      onResend({ kind: 'error', text: AUTH_MESSAGES.emailRequiredForResend });
      return;
    }
    try {
      const r = await api.call(endpoints.auth.resendCode, { body: { email: email.trim() } });
      onResend({ kind: 'success', text: r.message || AUTH_MESSAGES.codeResent });
    } catch (err) {
      onResend({
        kind: 'error',
        text: err instanceof ApiError && err.status === 429 ? err.message : UI_MESSAGES.resendFailed,
      });
    }
  };

  return (
    <Field
      id={id}
      label="Verification code"
      after={
        <button type="button" className="cv-link-btn auth-resend" onClick={() => void resend()}>
          Resend code
        </button>
      }
    >
      <CodeInput value={value} onChange={onChange} autoFocus />
    </Field>
  );
}
