import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { ViewerSessionContext } from '../session';
import { ArtifactPreview } from './ArtifactPreview';

afterEach(cleanup);

const answer = (status: number, body: object) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

function renderPreview(content: string, fetchImpl: typeof fetch, token: string | null = 'tok') {
  return render(
    <ViewerSessionContext.Provider
      value={{ loading: false, user: token ? { id: 'u1' } : null, accessToken: token }}
    >
      <ArtifactPreview type="HTML" content={content} fetchImpl={fetchImpl} />
    </ViewerSessionContext.Provider>,
  );
}

describe('ArtifactPreview', () => {
  it('asks the service for the stored form and frames that, not the raw source', async () => {
    const fetchImpl = vi.fn(() =>
      answer(200, { type: 'HTML', rendered: '<p>clean</p>', renderError: null, securityWarning: null }),
    );
    renderPreview('<p>raw</p><iframe src="x"></iframe>', fetchImpl);
    await screen.findByTitle('Preview');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/artifacts/preview');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      type: 'HTML',
      content: '<p>raw</p><iframe src="x"></iframe>',
    });
    expect((init.headers as Record<string, string>)['Authorization']).toBe('Bearer tok');
  });

  it('debounces typing: one request for the settled content', async () => {
    const fetchImpl = vi.fn(() =>
      answer(200, { type: 'HTML', rendered: 'x', renderError: null, securityWarning: null }),
    );
    const view = renderPreview('<p>a', fetchImpl);
    view.rerender(
      <ViewerSessionContext.Provider value={{ loading: false, user: { id: 'u1' }, accessToken: 'tok' }}>
        <ArtifactPreview type="HTML" content="<p>ab</p>" fetchImpl={fetchImpl} />
      </ViewerSessionContext.Provider>,
    );
    await screen.findByTitle('Preview');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(
      JSON.parse((fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1].body as string).content,
    ).toBe('<p>ab</p>');
  });

  it('says why when the service refuses, and when the network fails', async () => {
    renderPreview('x'.repeat(10), () => answer(413, { message: 'Content too large' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Preview unavailable: Content too large');
    cleanup();
    renderPreview('<p>x</p>', () => Promise.reject(new TypeError('fetch failed')));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Preview unavailable: network error.'),
    );
  });
});
