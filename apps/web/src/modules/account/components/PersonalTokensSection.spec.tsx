import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  BUSINESS_TOKEN_SCOPES,
  PERSONAL_TOKEN_MESSAGES,
  PERSONAL_TOKEN_SCOPES,
  type PersonalToken,
} from '@core-vault/contracts';
import { json, renderApp, sessionUser, stubFetch } from '../../../test-support';
import { TOKEN_TEXTS } from './PersonalTokenTexts';

const row = (id: string, over: Partial<PersonalToken> = {}): PersonalToken => ({
  id,
  name: `Key ${id}`,
  prefix: 'cvpat_AbCd',
  scopes: ['artifacts:read', 'artifacts:write'],
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2099-01-01T00:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  ...over,
});
const SECRET = `cvpat_${'x'.repeat(43)}`;

type Row = PersonalToken;

/** /account against a stubbed gateway whose identity holds `state.tokens`. */
function gateway(
  state: { tokens: Row[] },
  user = sessionUser(),
  answer: (url: string, init: RequestInit) => Response | undefined = () => undefined,
) {
  return stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const own = answer(url, init);
    if (own) return own;
    if (url.endsWith('/api/v1/auth/refresh')) return json(200, { success: true, user, token: 't' });
    if (url.endsWith('/api/v1/account'))
      return json(200, { email: user.email, firstName: 'Ada', lastName: 'Lovelace' });
    if (url.endsWith('/api/v1/sessions')) return json(200, { sessions: [] });
    if (url.endsWith('/api/v1/artifact-settings')) return json(200, { allowIndexing: false });
    if (url.endsWith('/api/v1/personal-tokens') && method === 'GET')
      return json(200, { tokens: state.tokens });
    if (url.endsWith('/api/v1/personal-tokens') && method === 'POST') {
      const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as {
        name: string;
        scopes: PersonalToken['scopes'];
        expiresInDays: number | null;
      };
      const made = row(`pat_${state.tokens.length + 1}`, {
        name: body.name,
        scopes: body.scopes,
        expiresAt: body.expiresInDays ? '2027-02-23T00:00:00.000Z' : null,
      });
      state.tokens = [made, ...state.tokens];
      return json(201, { token: SECRET, personalToken: made });
    }
    const revoked = /\/api\/v1\/personal-tokens\/(pat_\w+)$/.exec(url);
    if (revoked && method === 'DELETE') {
      state.tokens = state.tokens.map((t) =>
        t.id === revoked[1] ? { ...t, revokedAt: '2026-11-25T00:00:00.000Z' } : t,
      );
      return json(200, { success: true, message: PERSONAL_TOKEN_MESSAGES.revoked });
    }
    return undefined;
  });
}

const section = async () =>
  within((await screen.findByRole('heading', { name: TOKEN_TEXTS.title })).closest('section')!);

describe('PersonalTokensSection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the empty state and links to the extension connect page', async () => {
    gateway({ tokens: [] });
    renderApp('/account');
    const s = await section();
    expect(await s.findByText(TOKEN_TEXTS.empty)).toBeInTheDocument();
    expect(s.getByRole('link', { name: TOKEN_TEXTS.connect })).toHaveAttribute('href', '/extension/connect');
  });

  it('creates a token with name, scopes and expiry, and shows the secret once with Copy', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const state = { tokens: [] as Row[] };
    const calls = gateway(state);
    renderApp('/account');
    const s = await section();
    fireEvent.change(s.getByLabelText(TOKEN_TEXTS.name), { target: { value: 'CI script' } });
    fireEvent.click(s.getByRole('checkbox', { name: /artifacts:write/ }));
    fireEvent.change(s.getByLabelText(TOKEN_TEXTS.expiry), { target: { value: '30' } });
    fireEvent.click(s.getByRole('button', { name: TOKEN_TEXTS.create }));

    const secret = await s.findByTestId('token-secret');
    expect(secret).toHaveTextContent(SECRET);
    expect(secret).toHaveTextContent(TOKEN_TEXTS.secretOnce);
    const post = calls.find((c) => c.init.method === 'POST' && c.url.endsWith('/personal-tokens'));
    expect(JSON.parse(typeof post?.init.body === 'string' ? post.init.body : '{}')).toEqual({
      name: 'CI script',
      scopes: ['artifacts:read'],
      expiresInDays: 30,
    });
    fireEvent.click(within(secret).getByRole('button', { name: TOKEN_TEXTS.copy }));
    expect(await within(secret).findByRole('button', { name: TOKEN_TEXTS.copied })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await s.findByText('CI script')).toBeInTheDocument();

    // Gone for good once dismissed: the list never carries the secret.
    fireEvent.click(within(secret).getByRole('button', { name: TOKEN_TEXTS.done }));
    expect(s.queryByTestId('token-secret')).toBeNull();
    expect(s.queryByText(SECRET)).toBeNull();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it("shows the server's refusal (too many keys)", async () => {
    gateway({ tokens: [] }, sessionUser(), (url, init) =>
      url.endsWith('/api/v1/personal-tokens') && init.method === 'POST'
        ? json(409, { statusCode: 409, code: 'TOO_MANY_TOKENS', message: PERSONAL_TOKEN_MESSAGES.tooMany })
        : undefined,
    );
    renderApp('/account');
    const s = await section();
    fireEvent.change(s.getByLabelText(TOKEN_TEXTS.name), { target: { value: 'One more' } });
    fireEvent.click(s.getByRole('button', { name: TOKEN_TEXTS.create }));
    expect(await s.findByText(PERSONAL_TOKEN_MESSAGES.tooMany)).toBeInTheDocument();
  });

  it('lists last use and expiry, and revokes a token after confirmation only', async () => {
    const state = {
      tokens: [
        row('pat_a', { name: 'Laptop', lastUsedAt: '2026-11-24T09:30:00.000Z' }),
        row('pat_b', { name: 'Old', revokedAt: '2026-11-21T00:00:00.000Z' }),
      ],
    };
    const calls = gateway(state);
    renderApp('/account');
    const s = await section();
    const rows = await s.findAllByTestId('token-row');
    expect(rows[0]).toHaveTextContent('cvpat_AbCd…');
    expect(rows[0]).toHaveTextContent('artifacts:read, artifacts:write');
    expect(rows[0]).not.toHaveTextContent(`${TOKEN_TEXTS.lastUsed} ${TOKEN_TEXTS.never}`);
    expect(within(rows[1]!).getByText(TOKEN_TEXTS.revoked)).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(s.getByRole('button', { name: `${TOKEN_TEXTS.revoke} Laptop` }));
    expect(confirm).toHaveBeenCalledWith(TOKEN_TEXTS.revokeConfirm('Laptop'));
    expect(calls.some((c) => c.init.method === 'DELETE')).toBe(false);
    fireEvent.click(s.getByRole('button', { name: `${TOKEN_TEXTS.revoke} Laptop` }));
    expect(await s.findByText(PERSONAL_TOKEN_MESSAGES.revoked)).toBeInTheDocument();
    await waitFor(() => expect(s.queryByRole('button', { name: `${TOKEN_TEXTS.revoke} Laptop` })).toBeNull());
    expect(calls.some((c) => c.init.method === 'DELETE' && c.url.endsWith('/personal-tokens/pat_a'))).toBe(
      true,
    );
  });

  it('offers the Business scopes only with API access; others see them disabled with a note', async () => {
    const business = BUSINESS_TOKEN_SCOPES;
    expect(business.length).toBeGreaterThan(0);
    gateway({ tokens: [] });
    renderApp('/account');
    let s = await section();
    for (const scope of business) {
      expect(s.getByRole('checkbox', { name: new RegExp(scope) })).toBeDisabled();
    }
    expect(s.queryAllByText(TOKEN_TEXTS.businessPlan)).toHaveLength(business.length);
    expect(s.getByRole('checkbox', { name: /artifacts:read/ })).toBeEnabled();

    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    gateway({ tokens: [] }, sessionUser({ planType: 'Business', subscriptionStatus: 'ACTIVE' }));
    renderApp('/account');
    s = await section();
    for (const scope of PERSONAL_TOKEN_SCOPES) {
      expect(s.getByRole('checkbox', { name: new RegExp(scope) })).toBeEnabled();
    }
    expect(s.queryByText(TOKEN_TEXTS.businessPlan)).toBeNull();
  });
});
