import { screen, waitFor } from '@testing-library/react';
import { anonymous, renderApp, stubFetch } from '../test-support';

describe('routes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the landing page with the tagline and the two entry points', async () => {
    stubFetch(anonymous);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Intelligence, captured' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('link', { name: 'Start Free Trial' })[0]).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Start 90-Day Free Trial' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: /Open demo: Compliance Dashboard/ })).toHaveAttribute(
      'href',
      '/view/demo-compliance-dashboard',
    );
    await waitFor(() => expect(document.title).toBe('Core Vault — Intelligence, captured'));
  });

  it('shows a friendly not-found page for unknown paths', async () => {
    stubFetch(anonymous);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('sends signed-out visitors of a signed-in page to /login, replacing history', async () => {
    stubFetch(anonymous);
    const router = renderApp('/billing');
    expect(await screen.findByRole('heading', { name: 'Sign in to Core Vault' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows a spinner while the session loads', async () => {
    let release: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (release = r))),
    );
    renderApp('/dashboard');
    expect(await screen.findByRole('status')).toBeInTheDocument();
    release(new Response('{}', { status: 401 }));
  });
});
