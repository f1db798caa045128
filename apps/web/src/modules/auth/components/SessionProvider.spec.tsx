import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiClient } from '../../../lib/api/client';
import { useSession } from '../hooks/useSession';
import { RequireAuth } from './RequireAuth';
import { SessionProvider } from './SessionProvider';

const user = {
  id: 'usr_1',
  email: 'ada@example.com',
  subscriptionStatus: 'TRIAL',
  planType: 'Pro',
  isActive: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  lastLoginAt: null,
  trialEnd: null,
  currentPeriodEnd: null,
  stripeCustomerId: null,
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const signedIn = () => json(200, { success: true, user, token: 't1' });
const gone = () => json(401, { statusCode: 401, code: 'SESSION_EXPIRED', message: 'gone' });
const limited = () =>
  json(
    429,
    { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many attempts.' },
    { 'Retry-After': '580' },
  );

/** A client on a stubbed gateway: `answers` in order, the hint cookie present or not, no real waits. */
function clientWith(hint: boolean, answers: (() => Response)[]) {
  const urls: string[] = [];
  const waits: number[] = [];
  const impl = ((input: string) => {
    urls.push(input);
    const next = answers.shift();
    return next ? Promise.resolve(next()) : Promise.reject(new Error(`unexpected call ${input}`));
  }) as typeof fetch;
  const client = new ApiClient(impl, '', undefined, {
    cookies: () => (hint ? 'cv_has_session=1' : ''),
    sleep: (ms) => (waits.push(ms), Promise.resolve()),
    random: () => 0,
  });
  return { client, urls, waits };
}

/** Shows the session, and records every state it went through. */
function Who({ seen }: { seen: string[] }) {
  const { status, user: who } = useSession();
  const state = `${status}:${who?.email ?? 'nobody'}`;
  useEffect(() => void seen.push(state), [state, seen]);
  return <p>{state}</p>;
}

describe('SessionProvider', () => {
  it('an anonymous page load (no hint) asks the server nothing and is ready at once', () => {
    const { client, urls } = clientWith(false, []);
    render(
      <SessionProvider client={client}>
        <Who seen={[]} />
      </SessionProvider>,
    );
    expect(screen.getByText('ready:nobody')).toBeInTheDocument();
    expect(urls).toEqual([]);
  });

  it('a refresh refused with 429 waits and asks again: loading, then signed in, never signed out', async () => {
    const { client, urls, waits } = clientWith(true, [limited, limited, signedIn]);
    const seen: string[] = [];
    render(
      <SessionProvider client={client}>
        <Who seen={seen} />
      </SessionProvider>,
    );
    expect(await screen.findByText('ready:ada@example.com')).toBeInTheDocument();
    expect(urls).toEqual(Array(3).fill('/api/v1/auth/refresh'));
    expect(waits).toEqual([60_000, 60_000]);
    expect(seen).not.toContain('ready:nobody');
  });

  it('a 401 on the page load is signed out', async () => {
    const { client } = clientWith(true, [gone]);
    render(
      <SessionProvider client={client}>
        <Who seen={[]} />
      </SessionProvider>,
    );
    expect(await screen.findByText('ready:nobody')).toBeInTheDocument();
  });
});

describe('RequireAuth without the hint', () => {
  const app = (client: ApiClient) =>
    render(
      <SessionProvider client={client}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <Routes>
            <Route
              path="/dashboard"
              element={
                <RequireAuth>
                  <p>the dashboard</p>
                </RequireAuth>
              }
            />
            <Route path="/login" element={<p>the login page</p>} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>,
    );

  it('asks once before sending to /login: a cookie from before the hint still restores the session', async () => {
    const { client, urls } = clientWith(false, [signedIn]);
    app(client);
    expect(await screen.findByText('the dashboard')).toBeInTheDocument();
    expect(urls).toEqual(['/api/v1/auth/refresh']);
  });

  it('goes to /login after one 401', async () => {
    const { client, urls } = clientWith(false, [gone]);
    app(client);
    expect(await screen.findByText('the login page')).toBeInTheDocument();
    expect(urls).toEqual(['/api/v1/auth/refresh']);
  });
});
