import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { SessionProvider } from '../modules/auth';
import { ApiClient } from '../lib/api/client';
import { anonymous, stubFetch } from '../test-support';
import { lazyPage } from './lazy-page';
import { isChunkLoadError } from './RouteError';
import { withChrome } from './routes';

/** The app's chrome (skip link, consent banner, error elements) around one page. */
function renderPage(element: React.ReactElement) {
  stubFetch(anonymous);
  const router = createMemoryRouter(withChrome([{ path: '/', element }]), { initialEntries: ['/'] });
  render(
    <SessionProvider client={new ApiClient()}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
}

describe('route errors', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers a reload when a page chunk is gone after a deploy, inside the app chrome', async () => {
    const gone = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Page-1a2b.js'));
    renderPage(lazyPage(gone, 'Page'));
    expect(await screen.findByRole('heading', { name: 'A new version is available' })).toBeInTheDocument();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    screen.getByRole('button', { name: 'Reload' }).click();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    // Still the app's page: the skip link and the consent banner are there.
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Usage Analytics/i })).toBeInTheDocument();
  });

  it('shows a clear message with a way back when a page throws', async () => {
    function Broken(): React.ReactElement {
      throw new Error('boom');
    }
    renderPage(<Broken />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });

  it("recognises the browsers' chunk failures and nothing else", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
