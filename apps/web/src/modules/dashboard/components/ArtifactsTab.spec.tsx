import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  artifactSummary,
  dashboardSurroundings,
  json,
  renderApp,
  signedIn,
  stubFetch,
} from '../../../test-support';
import { SEARCH_DEBOUNCE_MS } from '../hooks/useSearchDraft';

const summary = (id: string, title: string) =>
  artifactSummary(id, title, { type: 'SVG', isPublic: true, tags: ['design'] });

const surroundings = dashboardSurroundings(1);

const searchUrl = (url: string) =>
  url.includes('/api/v1/artifacts/search?') ? new URL(url, 'http://x') : null;

const hit = (q: string) => ({
  artifacts: [
    {
      ...summary('a1', `About ${q}`),
      score: 2,
      snippets: [
        {
          field: 'content',
          parts: [
            { text: 'a ', match: false },
            { text: q, match: true },
          ],
        },
      ],
    },
  ],
  page: 1,
  limit: 50,
  total: 1,
  hasMore: false,
});

/** A button that stands in disabled until its lazy chunk (the Radix menu or popover) is there. */
const enabledButton = (name: string) =>
  waitFor(() => {
    const button = screen.getByRole('button', { name });
    expect(button).toBeEnabled();
    return button;
  });

describe('dashboard search', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('searches with the filters of the address, marks the matches, and keeps filter changes in the address', async () => {
    const calls = stubFetch(signedIn, surroundings, (url) => {
      const search = searchUrl(url);
      return search ? json(200, hit(search.searchParams.get('q') ?? '')) : undefined;
    });
    const router = renderApp('/dashboard?q=quokka&type=SVG&collection=col_1&from=2026-01-01');
    expect(await screen.findByText('Results for “quokka”: 1')).toBeInTheDocument();
    const first = calls.map((c) => searchUrl(c.url)).find(Boolean);
    expect(first?.search).toBe('?q=quokka&page=1&limit=50&type=SVG&from=2026-01-01&collection=col_1');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('quokka');
    // The filters sit in the Filters popover (#36.2); its button counts them.
    fireEvent.click(await enabledButton('Filters 3 active'));
    expect(screen.getByLabelText('Format')).toHaveValue('SVG');
    expect(screen.getByLabelText('Changed from')).toHaveValue('2026-01-01');
    expect(screen.getByRole('list', { name: 'Matches' }).querySelector('mark')).toHaveTextContent('quokka');

    fireEvent.change(screen.getByLabelText('Visibility'), { target: { value: 'private' } });
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?q=quokka&collection=col_1&type=SVG&visibility=private&from=2026-01-01',
      ),
    );
    await waitFor(() => expect(calls.some((c) => c.url.includes('visibility=private'))).toBe(true));

    // Back goes to the search before the change, and the boxes show it.
    act(() => void router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('Visibility')).toHaveValue(''));

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe('?collection=col_1'));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('searches once after typing rests, not once per key', async () => {
    const calls = stubFetch(signedIn, surroundings, (url) => {
      const search = searchUrl(url);
      if (search) return json(200, hit(search.searchParams.get('q') ?? ''));
      return url.includes('/api/v1/artifacts?')
        ? json(200, { artifacts: [], page: 1, limit: 50, total: 0, hasMore: false, nextCursor: null })
        : undefined;
    });
    const router = renderApp('/dashboard');
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    for (const text of ['q', 'qu', 'quo', 'quok']) fireEvent.change(box, { target: { value: text } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=quok'), {
      timeout: SEARCH_DEBOUNCE_MS * 5,
    });
    expect(await screen.findByText('Results for “quok”: 1')).toBeInTheDocument();
    const searched = () =>
      calls.filter((c) => searchUrl(c.url)).map((c) => searchUrl(c.url)?.searchParams.get('q'));
    expect(searched()).toEqual(['quok']);

    // Search pressed for what is shown asks again (the index may have caught up since).
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(searched()).toEqual(['quok', 'quok']));
  });

  it('says when search is down and retries on request', async () => {
    let down = true;
    const calls = stubFetch(signedIn, surroundings, (url) =>
      searchUrl(url)
        ? down
          ? json(503, {
              statusCode: 503,
              code: 'SEARCH_UNAVAILABLE',
              message: 'Search is unavailable right now. Try again in a moment.',
            })
          : json(200, hit('quokka'))
        : undefined,
    );
    renderApp('/dashboard?q=quokka');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Search is unavailable right now. Try again in a moment.',
    );
    expect(screen.queryByText('No artifacts match your search.')).not.toBeInTheDocument();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Results for “quokka”: 1')).toBeInTheDocument();
    expect(calls.filter((c) => searchUrl(c.url))).toHaveLength(2);
  });

  it('keeps the no-match text for an empty result', async () => {
    stubFetch(signedIn, surroundings, (url) =>
      searchUrl(url) ? json(200, { artifacts: [], page: 1, limit: 50, total: 0, hasMore: false }) : undefined,
    );
    renderApp('/dashboard?q=nothing');
    expect(await screen.findByText('No artifacts match your search.')).toBeInTheDocument();
  });
});

describe('dashboard list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the next page by cursor with the sort of the address', async () => {
    const calls = stubFetch(signedIn, surroundings, (url) => {
      if (!url.includes('/api/v1/artifacts?')) return undefined;
      const more = !url.includes('cursor=');
      return json(200, {
        artifacts: more ? [summary('a1', 'First')] : [summary('a2', 'Second')],
        page: 1,
        limit: 50,
        total: 2,
        hasMore: more,
        nextCursor: more ? 'next_1' : null,
      });
    });
    renderApp('/dashboard?sort=oldest');
    expect(await screen.findByRole('heading', { name: 'First' })).toBeInTheDocument();
    fireEvent.click(await enabledButton('Filters 1 active'));
    expect(screen.getByLabelText('Sort by')).toHaveValue('oldest');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Second' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'First' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.url).filter((u) => u.includes('/api/v1/artifacts?'))).toEqual([
      '/api/v1/artifacts?sort=oldest&limit=50',
      '/api/v1/artifacts?sort=oldest&limit=50&cursor=next_1',
    ]);
  });
});
