import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { anonymous, json, renderApp, sessionUser, stubFetch } from '../../../test-support';

const codeRequired = () =>
  json(200, {
    success: false,
    code: 'VERIFICATION_CODE_REQUIRED',
    message:
      'A verification code has been sent to your email. Please check your inbox and enter the code below.',
  });

/** An account without a subscription yet, as sign-up makes it. */
const newUser = sessionUser({
  subscriptionStatus: 'NO_SUBSCRIPTION',
  planType: 'Free',
  trialEnd: null,
  stripeCustomerId: null,
});

/** The vault as registration meets it: sign-up, sign-in by password then code, and what the payment step loads. */
function vault() {
  return stubFetch(
    anonymous,
    (url, init) => {
      if (url.endsWith('/api/v1/auth/sign-up'))
        return json(201, { success: true, message: 'ok', user: newUser });
      if (!url.endsWith('/api/v1/auth/sign-in')) return undefined;
      const { password } = JSON.parse(init.body as string) as { password: string };
      if (password === 'correct-horse-1') return codeRequired();
      if (password === '123456')
        return json(200, {
          success: true,
          message: 'ok',
          user: newUser,
          token: 't',
        });
      return json(401, {
        statusCode: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password',
      });
    },
    (url) =>
      url.includes('/billing/') ? json(200, { plans: [], contactSales: [], trialDays: 90 }) : undefined,
  );
}

async function leaveAtTheCode() {
  renderApp('/register');
  fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse-1' } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'correct-horse-1' } });
  fireEvent.click(screen.getByRole('button', { name: /start|continue|next/i }));
  expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
  cleanup(); // the tab is closed
}

describe('RegisterPage: coming back after the e-mailed code', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('resumes at the code step, never keeping the password, and finishes there', async () => {
    const calls = vault();
    await leaveAtTheCode();
    expect(localStorage.getItem('core-vault.registration')).not.toContain('correct-horse');

    renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByText(/Welcome back/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByRole('heading', { name: 'Payment Information' })).toBeInTheDocument();
    expect(localStorage.getItem('core-vault.registration')).toBeNull();
    expect(calls.filter((c) => c.url.endsWith('/auth/sign-up'))).toHaveLength(1);
  });

  it('sends a new code for the password when the old one expired, and says a wrong one is wrong', async () => {
    const calls = vault();
    await leaveAtTheCode();
    renderApp('/register');
    const password = await screen.findByLabelText('Password');
    fireEvent.change(password, { target: { value: 'not-it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    fireEvent.change(password, { target: { value: 'correct-horse-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(
      await screen.findByText('A new verification code has been sent to your email.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/auth/sign-in'))).toHaveLength(3);
  });

  it('starts over on request, forgetting the saved step', async () => {
    vault();
    await leaveAtTheCode();
    renderApp('/register');
    fireEvent.click(await screen.findByRole('button', { name: 'Start over' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('');
    await waitFor(() => expect(localStorage.getItem('core-vault.registration')).toBeNull());
  });
});
