import { CodeInput, Field } from '../../../components/ui';

interface CodeStepFieldProps {
  id: string;
  value: string;
  onChange: (code: string) => void;
  onResend: () => void;
  /** While a code is being sent, "Resend code" waits for it. */
  resending: boolean;
}

/** The code step of the account's e-mailed-code flows (e-mail change, deletion): code and resend. */
export function CodeStepField({ id, value, onChange, onResend, resending }: CodeStepFieldProps) {
  return (
    <Field
      id={id}
      label="Verification code"
      after={
        <button type="button" className="cv-link-btn" disabled={resending} onClick={onResend}>
          Resend code
        </button>
      }
    >
      <CodeInput value={value} onChange={onChange} autoFocus />
    </Field>
  );
}
