import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { VIEW_MESSAGES as M } from '../messages';
import { ANONYMOUS_SESSION, type ViewerSession, ViewerSessionContext } from '../session';
import { ViewPage } from './ViewPage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const artifact = {
  id: 'a1',
  title: 'My chart',
  type: 'HTML',
  content: '<p>x</p>',
  rendered: '<p>x</p>',
  renderError: null,
  securityWarning: null,
  isPublic: true,
  tags: ['charts'],
  createdAt: '2025-05-01T10:00:00.000Z',
  owner: 'usr_1',
  viewCount: 7,
};

function renderAt(
  path: string,
  fetchImpl: typeof fetch,
  session: ViewerSession = ANONYMOUS_SESSION,
  onLoaded = vi.fn(),
) {
  const router = createMemoryRouter(
    [
      { path: '/view', element: <ViewPage fetchImpl={fetchImpl} onArtifactLoaded={onLoaded} /> },
      { path: '/view/:id', element: <ViewPage fetchImpl={fetchImpl} onArtifactLoaded={onLoaded} /> },
      {
        path: '/dashboard/view/:id',
        element: <ViewPage fetchImpl={fetchImpl} onArtifactLoaded={onLoaded} />,
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <ViewerSessionContext.Provider value={session}>
      <RouterProvider router={router} />
    </ViewerSessionContext.Provider>,
  );
  return router;
}

const answering = (res: () => Response | Promise<Response>) =>
  vi.fn(() => Promise.resolve(res())) as unknown as typeof fetch;

describe('ViewPage', () => {
  it('without an id shows Invalid Artifact', () => {
    renderAt(
      '/view',
      answering(() => json(200, {})),
    );
    expect(screen.getByRole('heading', { name: M.invalidTitle })).toBeInTheDocument();
    expect(screen.getByText(M.invalidText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: M.goToDashboard })).toHaveAttribute('href', '/dashboard');
  });

  it('shows a spinner while loading', () => {
    renderAt(
      '/view/a1',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    expect(screen.getByRole('status', { name: 'Loading artifact' })).toBeInTheDocument();
  });

  it.each([
    [404, M.notFound],
    [403, M.private],
    [500, M.failed],
  ])('answers %i with the message %s as title', async (status, message) => {
    renderAt(
      '/view/a1',
      answering(() => json(status, { message: 'x' })),
    );
    expect(await screen.findByRole('heading', { name: message })).toBeInTheDocument();
    expect(screen.getByText(M.errorText)).toBeInTheDocument();
  });

  it('treats a network failure as Error loading artifact', async () => {
    renderAt(
      '/view/a1',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    expect(await screen.findByRole('heading', { name: M.network })).toBeInTheDocument();
  });

  it('treats an answer without an artifact as not found', async () => {
    renderAt(
      '/view/a1',
      answering(() => json(200, {})),
    );
    expect(await screen.findByRole('heading', { name: M.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(M.notFoundText)).toBeInTheDocument();
  });

  it('shows the public layout to a visitor, with the conversion block and no owner controls', async () => {
    const onLoaded = vi.fn();
    renderAt(
      '/view/a1',
      answering(() => json(200, { artifact })),
      ANONYMOUS_SESSION,
      onLoaded,
    );
    expect(await screen.findByRole('heading', { name: 'My chart' })).toBeInTheDocument();
    expect(screen.getByText(M.conversionTitle)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: M.startTrial })[0]).toHaveAttribute('target', '_blank');
    expect(screen.queryByText('7 views')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.getByTitle('My chart').tagName).toBe('IFRAME');
    expect(onLoaded).toHaveBeenCalledWith({ id: 'a1', title: 'My chart', type: 'HTML' });
  });

  it('shows the owner layout with views, tags, collapse and share', async () => {
    const fetchImpl = answering(() => json(200, { artifact }));
    const session: ViewerSession = { loading: false, user: { id: 'usr_1' }, accessToken: 'tok' };
    renderAt('/view/a1', fetchImpl, session);
    expect(await screen.findByText('7 views')).toBeInTheDocument();
    expect(screen.getByText('#charts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText(M.conversionTitle)).not.toBeInTheDocument();
    const call = (fetchImpl as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0]!;
    expect((call[1].headers as Record<string, string>)['Authorization']).toBe('Bearer tok');
    const toggle = screen.getByRole('button', { name: 'Collapse' });
    act(() => toggle.click());
    expect(await screen.findByRole('button', { name: 'Expand' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTitle('My chart').closest('.cv-artifact-frame')).not.toBeVisible();
  });

  it('waits for the session before fetching', () => {
    const fetchImpl = answering(() => json(200, { artifact }));
    renderAt('/view/a1', fetchImpl, { loading: true, user: null, accessToken: null });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(screen.getByRole('status', { name: 'Loading artifact' })).toBeInTheDocument();
  });

  it('shows a demo from the catalogue, never as owned', async () => {
    const fetchImpl = answering(() => json(500, {}));
    renderAt('/view/demo-task-manager', fetchImpl, {
      loading: true,
      user: { id: 'anyone' },
      accessToken: null,
    });
    expect(await screen.findByRole('heading', { name: 'Task Manager' })).toBeInTheDocument();
    expect(screen.getByText(M.conversionTitle)).toBeInTheDocument();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('says Demo artifact not found for an unknown demo', async () => {
    renderAt(
      '/view/demo-nope',
      answering(() => json(200, {})),
    );
    expect(await screen.findByRole('heading', { name: M.demoNotFound })).toBeInTheDocument();
  });

  it('ignores the result of a superseded load', async () => {
    let releaseFirst: (r: Response) => void = () => undefined;
    const fetchImpl = vi.fn((url: string) =>
      url.endsWith('/first')
        ? new Promise<Response>((resolve) => (releaseFirst = resolve))
        : Promise.resolve(json(200, { artifact: { ...artifact, title: 'Second' } })),
    ) as unknown as typeof fetch;
    const router = renderAt('/view/first', fetchImpl);
    await act(() => router.navigate('/view/second'));
    expect(await screen.findByRole('heading', { name: 'Second' })).toBeInTheDocument();
    const first = json(200, { artifact: { ...artifact, title: 'First' } });
    const read = vi.spyOn(first, 'json');
    releaseFirst(first);
    // The stale load has read its answer (and would have shown it by now if it were not ignored).
    await waitFor(() => expect(read).toHaveBeenCalled());
    await act(async () => {
      await read.mock.results[0]!.value;
    });
    expect(screen.queryByRole('heading', { name: 'First' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Second' })).toBeInTheDocument();
  });

  it('uses the owner layout on a /dashboard path', async () => {
    renderAt(
      '/dashboard/view/a1',
      answering(() => json(200, { artifact: { ...artifact, owner: 'someone-else' } })),
    );
    expect(await screen.findByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('keeps the public geometry from the first paint: the loading page has the same header and frame area', async () => {
    let release: (r: Response) => void = () => undefined;
    renderAt(
      '/view/a1',
      vi.fn(() => new Promise<Response>((resolve) => (release = resolve))),
    );
    const shape = () => ({
      header: document.querySelector('header')?.className,
      main: document.querySelector('main')?.className,
      root: document.querySelector('.cv-view') !== null,
    });
    const loading = shape();
    expect(loading).toEqual({
      header: 'cv-view-header cv-view-header-public',
      main: 'cv-view-main',
      root: true,
    });
    act(() => release(json(200, { artifact })));
    expect(await screen.findByRole('heading', { name: 'My chart' })).toBeInTheDocument();
    expect(shape()).toEqual(loading);
    // The frame is inside the reserved area; the description and conversion block come after it.
    expect(screen.getByTitle('My chart').closest('main')).toHaveClass('cv-view-main');
  });

  it('shows the description (Markdown-lite) below the frame, and nothing when there is none', async () => {
    renderAt(
      '/view/a1',
      answering(() =>
        json(200, { artifact: { ...artifact, description: 'A **bold** claim\n\n- one\n- two' } }),
      ),
    );
    const about = await screen.findByRole('region', { name: M.about });
    // Markdown-lite's code loads after the page's (below the fold).
    await waitFor(() => expect(about.querySelector('strong')).toHaveTextContent('bold'));
    expect(about.querySelectorAll('li')).toHaveLength(2);
    const main = screen.getByTitle('My chart').closest('main')!;
    expect(main.compareDocumentPosition(about) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no description section for an empty description', async () => {
    renderAt(
      '/view/a1',
      answering(() => json(200, { artifact: { ...artifact, description: '  ' } })),
    );
    expect(await screen.findByRole('heading', { name: 'My chart' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: M.about })).not.toBeInTheDocument();
  });

  it("says where a capture came from (the extension's provenance), and nothing for a bad source", async () => {
    const metadata = { claudeVersion: 'x', extractedAt: '2026-01-01T00:00:00.000Z', size: 3 };
    renderAt(
      '/view/a1',
      answering(() =>
        json(200, {
          artifact: {
            ...artifact,
            metadata: {
              ...metadata,
              source: { site: 'claude.ai', assistant: 'Claude', model: 'Claude Sonnet 4' },
            },
          },
        }),
      ),
    );
    const about = await screen.findByRole('region', { name: M.about });
    expect(about).toHaveTextContent('Captured on claude.ai with Claude Sonnet 4');
    cleanup();
    renderAt(
      '/view/a1',
      answering(() =>
        json(200, { artifact: { ...artifact, metadata: { ...metadata, source: { site: 42 } } } }),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'My chart' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: M.about })).not.toBeInTheDocument();
  });

  const pinnedAnswer = {
    ...artifact,
    version: 2,
    latestVersion: 3,
    content: '<p>v2</p>',
    rendered: '<p>v2</p>',
  };

  it('reads a pinned link (?v=N) as that version, and tells the owner which one with a way to the latest', async () => {
    const fetchImpl = answering(() => json(200, { artifact: pinnedAnswer }));
    const session: ViewerSession = { loading: false, user: { id: 'usr_1' }, accessToken: 'tok' };
    const router = renderAt('/view/a1?v=2', fetchImpl, session);
    expect(await screen.findByText(/Version 2 of 3/)).toBeInTheDocument();
    const call = (fetchImpl as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0]!;
    expect(call[0]).toBe('/api/v1/artifacts/a1?v=2');
    const latest = screen.getByRole('link', { name: M.viewLatest });
    expect(latest).toHaveAttribute('href', '/view/a1');
    act(() => latest.click());
    expect(router.state.location.search).toBe('');
    // Following the latest reads the artifact again, unpinned.
    await waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(2));
    expect((fetchImpl as unknown as { mock: { calls: [string][] } }).mock.calls[1]![0]).toBe(
      '/api/v1/artifacts/a1',
    );
  });

  it('shows a visitor the pinned version without the owner note', async () => {
    renderAt(
      '/view/a1?v=2',
      answering(() => json(200, { artifact: pinnedAnswer })),
    );
    expect(await screen.findByRole('heading', { name: 'My chart' })).toBeInTheDocument();
    expect(screen.queryByText(/Version 2 of 3/)).not.toBeInTheDocument();
  });

  it.each([
    [
      'a version that does not exist',
      '/view/a1?v=9',
      json(404, { message: 'Version not found' }),
      M.versionNotFound,
    ],
    ['an unknown artifact, pinned', '/view/a1?v=9', json(404, { message: 'Artifact not found' }), M.notFound],
    [
      'a private artifact, pinned',
      '/view/a1?v=1',
      json(403, { message: 'This artifact is private' }),
      M.private,
    ],
    [
      'an unpinned 404 saying Version not found',
      '/view/a1',
      json(404, { message: 'Version not found' }),
      M.notFound,
    ],
  ])('answers %s as the view errors do', async (_what, path, res, message) => {
    renderAt(
      path,
      answering(() => res),
    );
    expect(await screen.findByRole('heading', { name: message })).toBeInTheDocument();
    expect(screen.getByText(M.errorText)).toBeInTheDocument();
  });

  it.each(['0', '-1', 'abc', '1.5', ''])(
    'says Version not found for ?v=%s without asking the server',
    async (v) => {
      const fetchImpl = answering(() => json(200, { artifact }));
      renderAt(`/view/a1?v=${v}`, fetchImpl);
      expect(await screen.findByRole('heading', { name: M.versionNotFound })).toBeInTheDocument();
      expect(fetchImpl).not.toHaveBeenCalled();
    },
  );
});
