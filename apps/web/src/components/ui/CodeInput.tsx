import { VERIFICATION_CODE_LENGTH } from '@core-vault/contracts';

/**
 * The 6-character code identity e-mails (sign-in code, password reset): numeric keyboard,
 * one-time-code autofill, at most the code's length. Used inside a <Field>.
 */
export function CodeInput({
  id,
  value,
  onChange,
  autoFocus = false,
}: {
  id?: string;
  value: string;
  onChange: (code: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <input
      id={id}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={VERIFICATION_CODE_LENGTH}
      required
      autoFocus={autoFocus}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
