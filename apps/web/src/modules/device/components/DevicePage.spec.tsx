import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEVICE_MESSAGES } from '@core-vault/contracts';
import { json, renderApp, sessionUser, stubFetch } from '../../../test-support';
import { DEVICE_TEXTS } from '../device-texts';

const request = {
  userCode: 'BCDF-GHJK',
  clientId: 'corevault-cli',
  clientName: 'Core Vault CLI',
  hostname: 'ada-laptop',
  scopes: ['artifacts:read', 'artifacts:write'],
  tokenName: 'corevault CLI on ada-laptop',
  createdAt: '2026-12-07T12:00:00.000Z',
  expiresAt: '2026-12-07T12:10:00.000Z',
};

/** The gateway: a session (or none), and the device calls answered by `device`. */
function gateway(device: (action: string, userCode: string) => Response | undefined, signedIn = true) {
  return stubFetch((url, init) => {
    if (url.endsWith('/api/v1/auth/refresh'))
      return signedIn
        ? json(200, { success: true, user: sessionUser(), token: 't' })
        : json(401, { statusCode: 401, code: 'SESSION_EXPIRED', message: 'x' });
    const action = /\/api\/v1\/auth\/device\/(lookup|approve|deny)$/.exec(url)?.[1];
    if (action && init.method === 'POST')
      return device(action, (JSON.parse(init.body as string) as { userCode: string }).userCode);
    return undefined;
  });
}

const bodies = (calls: ReturnType<typeof gateway>, action: string) =>
  calls
    .filter((c) => c.url.endsWith(`/device/${action}`))
    .map((c) => JSON.parse(c.init.body as string) as unknown);

describe('the /device page', () => {
  it('opened from the CLI with its code: shows what is asking, approves on a click', async () => {
    const calls = gateway((action) =>
      action === 'lookup'
        ? json(200, request)
        : json(200, { success: true, message: DEVICE_MESSAGES.approved }),
    );
    renderApp('/device?code=BCDF-GHJK');
    const asking = await screen.findByTestId('device-request');
    expect(within(asking).getByText(DEVICE_TEXTS.asking('Core Vault CLI'))).toBeInTheDocument();
    expect(within(asking).getByText('ada-laptop')).toBeInTheDocument();
    expect(within(asking).getByText('corevault CLI on ada-laptop')).toBeInTheDocument();
    expect(within(asking).getByText(/Create and change your artifacts/)).toBeInTheDocument();
    // Nothing is approved by opening the page.
    expect(bodies(calls, 'approve')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: DEVICE_TEXTS.approve }));
    expect(await screen.findByText(DEVICE_MESSAGES.approved)).toBeInTheDocument();
    expect(bodies(calls, 'lookup')).toEqual([{ userCode: 'BCDF-GHJK' }]);
    expect(bodies(calls, 'approve')).toEqual([{ userCode: 'BCDF-GHJK' }]);
    expect(bodies(calls, 'deny')).toEqual([]);
  });

  it('takes a typed code and denies it', async () => {
    const calls = gateway((action) =>
      action === 'lookup'
        ? json(200, request)
        : json(200, { success: true, message: DEVICE_MESSAGES.deniedDone }),
    );
    renderApp('/device');
    fireEvent.click(await screen.findByRole('button', { name: DEVICE_TEXTS.next }));
    expect(await screen.findByText(DEVICE_TEXTS.codeRequired)).toBeInTheDocument();
    expect(bodies(calls, 'lookup')).toEqual([]);

    fireEvent.change(screen.getByLabelText(DEVICE_TEXTS.codeLabel), { target: { value: 'bcdf ghjk' } });
    fireEvent.click(screen.getByRole('button', { name: DEVICE_TEXTS.next }));
    fireEvent.click(await screen.findByRole('button', { name: DEVICE_TEXTS.deny }));
    expect(await screen.findByText(DEVICE_MESSAGES.deniedDone)).toBeInTheDocument();
    expect(bodies(calls, 'deny')).toEqual([{ userCode: 'BCDF-GHJK' }]);
    expect(bodies(calls, 'approve')).toEqual([]);
  });

  it.each([
    ['an unknown code', 404, 'DEVICE_CODE_NOT_FOUND', DEVICE_MESSAGES.notFound],
    ['an expired code', 400, 'DEVICE_CODE_EXPIRED', DEVICE_MESSAGES.expired],
    ['an answered code', 409, 'DEVICE_CODE_ANSWERED', DEVICE_MESSAGES.answered],
    ['too many guesses', 429, 'RATE_LIMITED', 'Too many attempts. Please try again in 60 seconds.'],
  ])('says so for %s, and lets the person try another', async (_what, status, code, message) => {
    gateway(() => json(status, { statusCode: status, code, message }));
    renderApp('/device');
    fireEvent.change(await screen.findByLabelText(DEVICE_TEXTS.codeLabel), {
      target: { value: 'BCDF-GHJK' },
    });
    fireEvent.click(screen.getByRole('button', { name: DEVICE_TEXTS.next }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText(DEVICE_TEXTS.codeLabel)).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in, and back to the same code after', async () => {
    gateway(() => json(200, request), false);
    const router = renderApp('/device?code=BCDF-GHJK');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    stubFetch(
      (url) =>
        url.endsWith('/api/v1/auth/sign-in')
          ? json(200, { success: true, message: 'ok', user: sessionUser(), token: 't' })
          : undefined,
      (url, init) =>
        url.endsWith('/device/lookup') && init.method === 'POST' ? json(200, request) : undefined,
    );
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/device'));
    expect(router.state.location.search).toBe('?code=BCDF-GHJK');
    expect(await screen.findByTestId('device-request')).toBeInTheDocument();
  });
});
