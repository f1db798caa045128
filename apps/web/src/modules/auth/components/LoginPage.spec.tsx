import { fireEvent, screen, waitFor } from '@testing-library/react';
import { anonymous, json, renderApp, sessionUser, stubFetch } from '../../../test-support';

describe('LoginPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('switches to code mode on VERIFICATION_CODE_REQUIRED and signs in with the code', async () => {
    const calls = stubFetch(
      anonymous,
      (url, init) => {
        if (!url.endsWith('/api/v1/auth/sign-in')) return undefined;
        const body = JSON.parse(init.body as string) as { password: string };
        if (body.password === 'correct-horse')
          return json(200, {
            success: false,
            code: 'VERIFICATION_CODE_REQUIRED',
            message:
              'A verification code has been sent to your email. Please check your inbox and enter the code below.',
          });
        if (body.password === '123456')
          return json(200, { success: true, message: 'ok', user: sessionUser(), token: 't' });
        return json(401, { statusCode: 401, code: 'INVALID_VERIFICATION_CODE', message: 'bad' });
      },
      (url) =>
        url.includes('/api/v1/artifacts') || url.includes('/collections') || url.includes('/billing/plans')
          ? json(200, {
              artifacts: [],
              page: 1,
              limit: 50,
              total: 0,
              hasMore: false,
              nextCursor: null,
              collections: [],
              plans: [],
              contactSales: [],
              trialDays: 90,
            })
          : undefined,
    );
    const router = renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Email'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Enter verification code' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('maxLength', '6');
    expect(screen.queryByText('Forgot your password?')).not.toBeInTheDocument();
    expect(screen.queryByText('Start Free Trial Instead')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(
      await screen.findByText('Invalid verification code. Please try again or request a new code.'),
    ).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.some((c) => c.url.endsWith('/api/v1/auth/sign-in'))).toBe(true);
  });

  it('says wrong credentials and asks for the email before resending', async () => {
    stubFetch(anonymous, (url) =>
      url.endsWith('/sign-in')
        ? json(401, { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' })
        : undefined,
    );
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Email'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });
});
