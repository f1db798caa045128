import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { ACCOUNT_DELETION_MESSAGES as M } from '@core-vault/contracts';
import { ApiClient } from '../../../lib/api/client';
import { createQueryClient } from '../../../lib/query';
import { json, sessionUser, stubFetch } from '../../../test-support';
import { SessionProvider } from '../../auth';
import {
  ACCOUNT_DELETED_NOTICE,
  DELETE_ACCOUNT_TEXTS as T,
  DeleteAccountSection,
} from './DeleteAccountSection';

type Call = { url: string; init: RequestInit };

/** The landing page's side of the hand-over: the notice the section leaves in router state. */
function Landing() {
  const state = useLocation().state as Record<string, string> | null;
  return <p data-testid="landing">{state?.[ACCOUNT_DELETED_NOTICE] ?? 'no notice'}</p>;
}

function show() {
  const router = createMemoryRouter(
    [
      { path: '/account', element: <DeleteAccountSection /> },
      { path: '/', element: <Landing /> },
    ],
    { initialEntries: ['/account'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider client={new ApiClient()}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

const error = (status: number, code: string, message: string) =>
  json(status, { statusCode: status, code, message });
const posted = (calls: Call[], path: string) =>
  calls.filter((c) => c.url.endsWith(path) && c.init.method === 'POST');

/** A signed-in browser; `answer` takes the deletion calls. */
function gateway(answer: (url: string, init: RequestInit) => Response | undefined) {
  return stubFetch((url, init) => {
    if (url.endsWith('/api/v1/auth/refresh'))
      return json(200, { success: true, user: sessionUser(), token: 't' });
    if (url.endsWith('/api/v1/auth/sign-out')) return json(200, { success: true, message: 'bye' });
    return url.includes('/api/v1/account/deletion/') ? answer(url, init) : undefined;
  });
}

const codeSent = (cancels: string, message: string) => json(200, { success: true, message, cancels });

describe('DeleteAccountSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('explains what goes, sends the code and says the trial will be canceled at Stripe', async () => {
    const calls = gateway((url) =>
      url.endsWith('/request') ? codeSent('trial', M.codeSentTrial) : undefined,
    );
    show();
    expect(screen.getByText(T.explain)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: T.sendCode }));
    expect(await screen.findByText(M.codeSentTrial)).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
    expect(posted(calls, '/account/deletion/request')).toHaveLength(1);
  });

  it('deletes with the right code, signs out and shows the notice on the landing page', async () => {
    const calls = gateway((url, init) => {
      if (url.endsWith('/request')) return codeSent('none', M.codeSent);
      if (url.endsWith('/confirm') && init.body === JSON.stringify({ code: '123456' }))
        return json(200, { success: true, message: M.deleted });
      return undefined;
    });
    const router = show();
    fireEvent.click(screen.getByRole('button', { name: T.sendCode }));
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: T.confirm }));
    expect(await screen.findByTestId('landing')).toHaveTextContent(M.deleted);
    expect(router.state.location.pathname).toBe('/');
    expect(posted(calls, '/auth/sign-out')).toHaveLength(1);
  });

  it('a wrong code shows the message, stays on the page and may be tried again', async () => {
    let tries = 0;
    gateway((url) => {
      if (url.endsWith('/request')) return codeSent('none', M.codeSent);
      if (url.endsWith('/confirm'))
        return ++tries === 1
          ? error(400, 'INVALID_CODE', M.codeInvalid)
          : json(200, { success: true, message: M.deleted });
      return undefined;
    });
    show();
    fireEvent.click(screen.getByRole('button', { name: T.sendCode }));
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: T.confirm }));
    expect(await screen.findByText(M.codeInvalid)).toBeInTheDocument();
    expect(screen.queryByTestId('landing')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: T.confirm }));
    expect(await screen.findByTestId('landing')).toHaveTextContent(M.deleted);
  });

  it('asks for the code without a call when it is blank', async () => {
    const calls = gateway((url) => (url.endsWith('/request') ? codeSent('none', M.codeSent) : undefined));
    show();
    fireEvent.click(screen.getByRole('button', { name: T.sendCode }));
    await screen.findByLabelText('Verification code');
    fireEvent.click(screen.getByRole('button', { name: T.confirm }));
    expect(await screen.findByText(T.codeRequired)).toBeInTheDocument();
    expect(posted(calls, '/account/deletion/confirm')).toHaveLength(0);
  });

  it("shows the server's message when the code cannot be sent, and cancel goes back", async () => {
    let mailUp = false;
    gateway((url) => {
      if (!url.endsWith('/request')) return undefined;
      return mailUp
        ? codeSent('subscription', M.codeSentSubscription)
        : error(503, 'MAIL_UNAVAILABLE', 'The e-mail could not be sent. Please try again later.');
    });
    show();
    fireEvent.click(screen.getByRole('button', { name: T.sendCode }));
    expect(
      await screen.findByText('The e-mail could not be sent. Please try again later.'),
    ).toBeInTheDocument();
    mailUp = true;
    fireEvent.click(screen.getByRole('button', { name: T.sendCode }));
    expect(await screen.findByText(M.codeSentSubscription)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: T.cancel }));
    expect(screen.getByRole('button', { name: T.sendCode })).toBeInTheDocument();
    expect(screen.queryByLabelText('Verification code')).toBeNull();
  });
});
