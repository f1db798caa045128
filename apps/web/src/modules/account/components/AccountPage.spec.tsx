import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from '@core-vault/contracts';
import { json, renderApp, sessionUser, stubFetch } from '../../../test-support';
import { PASSWORD_CHANGE_EFFECTS } from '../account-texts';
import { DELETE_ACCOUNT_TEXTS } from './DeleteAccountSection';

type Call = { url: string; init: RequestInit };

/**
 * /account against a stubbed gateway: the session and profile follow `state`; `answer` may take
 * over any account call (to fail it, or to change `state`).
 */
function stubAccount(
  state: { email: string; firstName: string; lastName: string },
  answer: (url: string, init: RequestInit) => Response | undefined = () => undefined,
) {
  return stubFetch((url, init) => {
    if (url.endsWith('/api/v1/auth/refresh'))
      return json(200, { success: true, user: sessionUser({ email: state.email }), token: 't' });
    // The sessions section has its own spec; here it only needs an answer.
    if (url.endsWith('/api/v1/sessions')) return json(200, { sessions: [] });
    if (url.endsWith('/api/v1/artifact-settings')) return json(200, { allowIndexing: false });
    if (!url.includes('/api/v1/account')) return undefined;
    const own = answer(url, init);
    if (own) return own;
    if (url.endsWith('/api/v1/account')) return json(200, { ...state });
    return undefined;
  });
}

const sent = (calls: Call[], path: string) =>
  calls.filter((c) => c.url.endsWith(path) && c.init.method !== undefined && c.init.method !== 'GET');
const bodyOf = (c: Call | undefined) =>
  JSON.parse(typeof c?.init.body === 'string' ? c.init.body : '{}') as Record<string, unknown>;
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const error = (status: number, code: string, message: string) =>
  json(status, { statusCode: status, code, message });

describe('AccountPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('loads the profile and saves a new name; the sessions and deletion sections are on the page', async () => {
    const state = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
    const calls = stubAccount(state, (url, init) => {
      if (!url.endsWith('/account/name')) return undefined;
      Object.assign(state, bodyOf({ url, init }));
      return json(200, { ...state });
    });
    renderApp('/account');
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByTestId('account-email')).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('heading', { level: 2, name: /session/i })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: DELETE_ACCOUNT_TEXTS.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Search engines' })).toBeInTheDocument();

    type('First name', 'Augusta');
    type('Last name', 'King');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.profileSaved)).toBeInTheDocument();
    expect(bodyOf(sent(calls, '/account/name')[0])).toEqual({ firstName: 'Augusta', lastName: 'King' });
  });

  it('refuses a blank name without a call, and shows the server message when saving fails', async () => {
    const calls = stubAccount({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }, (url) =>
      url.endsWith('/account/name')
        ? error(400, 'VALIDATION_FAILED', 'Name refused by the server.')
        : undefined,
    );
    renderApp('/account');
    await screen.findByLabelText('First name');
    type('First name', ' ');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(sent(calls, '/account/name')).toHaveLength(0);

    type('First name', 'Augusta');
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Name refused by the server.')).toBeInTheDocument();
  });

  it('changes the e-mail with the code sent to the new address, then reloads the session', async () => {
    const state = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
    let taken = true;
    const calls = stubAccount(state, (url, init) => {
      if (url.endsWith('/account/email/request')) {
        if (taken) {
          taken = false;
          return error(409, 'EMAIL_TAKEN', ACCOUNT_MESSAGES.emailTaken);
        }
        return json(200, { success: true, message: ACCOUNT_MESSAGES.emailCodeSent });
      }
      if (url.endsWith('/account/email/confirm')) {
        if (bodyOf({ url, init })['code'] !== '123456')
          return error(400, 'VALIDATION_FAILED', ACCOUNT_MESSAGES.emailCodeInvalid);
        state.email = 'augusta@example.com';
        return json(200, { ...state });
      }
      return undefined;
    });
    renderApp('/account');
    await screen.findByLabelText('New email address');
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByText(AUTH_MESSAGES.fillAllFields)).toBeInTheDocument();

    type('New email address', 'augusta@example.com');
    type('Your password', 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailTaken)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailCodeSent)).toBeInTheDocument();
    expect(bodyOf(sent(calls, '/account/email/request')[1])).toEqual({
      newEmail: 'augusta@example.com',
      currentPassword: 'correct horse battery',
    });

    type('Verification code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Change Email' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailCodeInvalid)).toBeInTheDocument();
    const refreshes = calls.filter((c) => c.url.endsWith('/auth/refresh')).length;
    type('Verification code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Change Email' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailChanged)).toBeInTheDocument();
    expect(screen.getByTestId('account-email')).toHaveTextContent('augusta@example.com');
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh')).length).toBe(refreshes + 1);
  });

  it('changes the password: the rules first, the wrong current password shown, success clears the form', async () => {
    let wrong = true;
    const calls = stubAccount({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }, (url) => {
      if (!url.endsWith('/account/password')) return undefined;
      if (wrong) {
        wrong = false;
        return error(400, 'WRONG_PASSWORD', ACCOUNT_MESSAGES.wrongPassword);
      }
      return json(200, { success: true, message: ACCOUNT_MESSAGES.passwordChanged });
    });
    renderApp('/account');
    await screen.findByLabelText('New password');
    // Said before anything is sent: the change also revokes every personal access token.
    expect(screen.getByText(PASSWORD_CHANGE_EFFECTS)).toBeInTheDocument();
    type('Current password', 'old password');
    type('New password', 'short');
    type('Confirm new password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordTooShort)).toBeInTheDocument();
    type('New password', 'a brand new secret');
    type('Confirm new password', 'a different secret');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(sent(calls, '/account/password')).toHaveLength(0);

    type('Confirm new password', 'a brand new secret');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.wrongPassword)).toBeInTheDocument();
    const tokenLists = () => calls.filter((c) => c.url.endsWith('/api/v1/personal-tokens')).length;
    const listsBefore = tokenLists();
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(ACCOUNT_MESSAGES.passwordChanged).toMatch(/personal access tokens have been revoked/);
    // The keys list is read again: it shows them revoked.
    await waitFor(() => expect(tokenLists()).toBeGreaterThan(listsBefore));
    expect(bodyOf(sent(calls, '/account/password')[1])).toEqual({
      currentPassword: 'old password',
      newPassword: 'a brand new secret',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows why the profile could not load, and loads it on Try again', async () => {
    let down = true;
    stubAccount({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }, (url) => {
      if (!url.endsWith('/api/v1/account') || !down) return undefined;
      down = false;
      return error(503, 'UNAVAILABLE', 'Temporarily unavailable.');
    });
    renderApp('/account');
    expect(await screen.findByText(/Temporarily unavailable\./)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Ada'));
  });

  it('sends a visitor who is not signed in to /login', async () => {
    stubFetch((url) =>
      url.endsWith('/api/v1/auth/refresh') ? error(401, 'SESSION_EXPIRED', 'x') : undefined,
    );
    const router = renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
