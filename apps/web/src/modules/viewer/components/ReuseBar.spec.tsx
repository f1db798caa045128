import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { VIEW_MESSAGES as M } from '../messages';
import { ANONYMOUS_SESSION, type ViewerSession, ViewerSessionContext } from '../session';
import { ViewPage } from './ViewPage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const original = {
  id: 'a1',
  title: 'Palette',
  type: 'HTML',
  content: '<p onclick="x()">colours</p>',
  rendered: '<p>colours</p>',
  renderError: null,
  securityWarning: null,
  isPublic: true,
  allowRemix: true,
  remixedFrom: null,
  tags: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  version: 2,
  latestVersion: 2,
};
const visitor: ViewerSession = { loading: false, user: { id: 'usr_2' }, accessToken: 'tok-2' };

/** Where the router went, and with what state (the sign-in page's way back). */
function Where() {
  const { pathname, state } = useLocation();
  return <p data-testid="where">{`${pathname} ${JSON.stringify(state)}`}</p>;
}

function renderAt(path: string, fetchImpl: typeof fetch, session: ViewerSession = ANONYMOUS_SESSION) {
  const router = createMemoryRouter(
    [
      { path: '/view/:id', element: <ViewPage fetchImpl={fetchImpl} /> },
      { path: '*', element: <Where /> },
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

/** Answers the read with `artifact` and each POST with what `posts` says, recording the calls. */
function api(artifact: Record<string, unknown>, posts: Record<string, () => Response> = {}) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const impl = vi.fn((url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (init?.method === 'POST') {
      const kind = url.split('/').at(-1) ?? '';
      return Promise.resolve(posts[kind]?.() ?? json(500, {}));
    }
    return Promise.resolve(json(200, { artifact }));
  }) as unknown as typeof fetch;
  return { impl, calls };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('reuse from the public page', () => {
  it('shows the source as text, never as markup', async () => {
    renderAt('/view/a1', api(original).impl);
    fireEvent.click(await screen.findByRole('button', { name: M.viewSource }));
    expect(screen.getByText('<p onclick="x()">colours</p>')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: M.hideSource }));
    expect(screen.queryByText('<p onclick="x()">colours</p>')).not.toBeInTheDocument();
  });

  it('downloads the file under the name the server gives, for the pinned version, with the session', async () => {
    const created: Blob[] = [];
    const revoke = vi.fn();
    // jsdom has no object URLs: stand-ins for the test, removed after it.
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        created.push(b);
        return 'blob:x';
      },
      revokeObjectURL: revoke,
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { impl, calls } = api(
      { ...original, version: 1 },
      {
        download: () =>
          json(200, {
            artifactId: 'a1',
            version: 1,
            fileName: 'palette.html',
            mediaType: 'text/html',
            content: 'x',
          }),
      },
    );
    renderAt('/view/a1?v=1', impl, visitor);
    fireEvent.click(await screen.findByRole('button', { name: M.download }));
    await waitFor(() => expect(names).toEqual(['palette.html']));
    expect(created[0]?.type).toBe('text/html;charset=utf-8');
    const call = calls.find((c) => c.url.endsWith('/download'));
    expect(call?.url).toBe('/api/v1/artifacts/a1/download');
    expect(JSON.parse(call?.init?.body as string)).toEqual({ version: 1 });
    expect(new Headers(call?.init?.headers).get('Authorization')).toBe('Bearer tok-2');
    // The object URL is let go once the click is handled (a second later), while its stand-in is here.
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:x'), { timeout: 3_000 });
  });

  it("says what went wrong when the download is refused (the server's message)", async () => {
    renderAt(
      '/view/a1',
      api(original, { download: () => json(403, { message: 'This artifact is private' }) }).impl,
    );
    fireEvent.click(await screen.findByRole('button', { name: M.download }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This artifact is private');
  });

  it('sends an anonymous visitor to sign in, to come back to this page', async () => {
    const { impl, calls } = api(original);
    renderAt('/view/a1?v=2', impl);
    fireEvent.click(await screen.findByRole('button', { name: M.saveCopy }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/login {"from":"/view/a1?v=2"}');
    expect(calls.some((c) => c.url.endsWith('/remix'))).toBe(false);
  });

  it('saves a copy for a signed-in visitor and opens it in their vault', async () => {
    const { impl, calls } = api(original, {
      remix: () => json(201, { artifact: { id: 'copy-1', title: 'Palette' } }),
    });
    const router = renderAt('/view/a1', impl, visitor);
    fireEvent.click(await screen.findByRole('button', { name: M.saveCopy }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/view/copy-1'));
    const call = calls.find((c) => c.url.endsWith('/remix'));
    expect(JSON.parse(call?.init?.body as string)).toEqual({});
    expect(new Headers(call?.init?.headers).get('Authorization')).toBe('Bearer tok-2');
  });

  it('shows no Save a copy where the owner turned copies off, nor to the owner; a copy links back', async () => {
    renderAt('/view/a1', api({ ...original, allowRemix: false }).impl, visitor);
    await screen.findByRole('button', { name: M.download });
    expect(screen.queryByRole('button', { name: M.saveCopy })).not.toBeInTheDocument();
    cleanup();

    const copy = {
      ...original,
      id: 'c1',
      owner: 'usr_2',
      isPublic: false,
      remixedFrom: { artifactId: 'a1', title: 'Palette', ownerName: 'Ada L.', version: 2 },
      viewCount: 0,
      downloadCount: 0,
      remixCount: 0,
    };
    renderAt('/view/c1', api(copy).impl, visitor);
    const link = await screen.findByRole('link', { name: 'Palette' });
    expect(link).toHaveAttribute('href', '/view/a1');
    expect(link.closest('p')).toHaveTextContent('Remixed from Palette by Ada L.');
    expect(screen.queryByRole('button', { name: M.saveCopy })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: M.download })).toBeInTheDocument();
  });

  it('shows the owner their downloads and copies, and lets them turn copies off', async () => {
    const mine = { ...original, owner: 'usr_2', viewCount: 4, downloadCount: 3, remixCount: 1 };
    const calls: RequestInit[] = [];
    const impl = vi.fn((_url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        calls.push(init);
        return Promise.resolve(json(200, { artifact: { ...mine, allowRemix: false } }));
      }
      return Promise.resolve(json(200, { artifact: mine }));
    }) as unknown as typeof fetch;
    renderAt('/view/a1', impl, visitor);
    expect(await screen.findByText('3 downloads')).toBeInTheDocument();
    expect(await screen.findByText('1 copy')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: M.turnOffCopies }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(calls[0]?.body as string)).toEqual({ allowRemix: false });
  });
});
