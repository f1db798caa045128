import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { json, stubFetch } from '../../../test-support';
import { type ResendNotice, VerificationCodeField } from './VerificationCodeField';

function renderField(email: string) {
  const notices: ResendNotice[] = [];
  const onChange = vi.fn();
  render(
    <VerificationCodeField
      id="code"
      email={email}
      value=""
      onChange={onChange}
      onResend={(n) => notices.push(n)}
    />,
  );
  return { notices, onChange };
}

describe('VerificationCodeField', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a 6-digit one-time-code input', () => {
    const { onChange } = renderField('ada@example.com');
    const input = screen.getByLabelText('Verification code');
    expect(input).toHaveAttribute('maxLength', '6');
    expect(input).toHaveAttribute('autoComplete', 'one-time-code');
    expect(input).toHaveAttribute('inputMode', 'numeric');
    fireEvent.change(input, { target: { value: '123456' } });
    expect(onChange).toHaveBeenCalledWith('123456');
  });

  it('resends to the trimmed address and reports the answer', async () => {
    const calls = stubFetch((url) =>
      url.endsWith('/api/v1/auth/resend-code')
        ? json(200, { success: true, message: 'Sent again.' })
        : undefined,
    );
    const { notices } = renderField(' ada@example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(notices).toEqual([{ kind: 'success', text: 'Sent again.' }]));
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ email: 'ada@example.com' });
  });

  it('passes on the rate limit message and asks for the address when there is none', async () => {
    stubFetch(() => json(429, { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many codes.' }));
    const { notices } = renderField('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(notices).toEqual([{ kind: 'error', text: 'Too many codes.' }]));

    const blank = renderField('  ');
    fireEvent.click(screen.getAllByRole('button', { name: 'Resend code' })[1]!);
    expect(blank.notices).toEqual([{ kind: 'error', text: 'Please enter your email first.' }]);
  });
});
