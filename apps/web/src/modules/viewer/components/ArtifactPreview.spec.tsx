import { RENDER_CHANNEL, type RenderRequest, labelOfOrigin } from '@core-vault/contracts';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { RENDERER_ORIGIN } from '../renderer-origin';
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
    await waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/artifacts/preview');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      type: 'HTML',
      content: '<p>raw</p><iframe src="x"></iframe>',
    });
    expect((init.headers as Record<string, string>)['Authorization']).toBe('Bearer tok');
  });

  it('previews a paste at once, and typing once it pauses (one request for the settled text)', () => {
    vi.useFakeTimers();
    try {
      const fetchImpl = vi.fn(() =>
        answer(200, { type: 'HTML', rendered: 'x', renderError: null, securityWarning: null }),
      );
      const view = renderPreview('', fetchImpl);
      expect(fetchImpl).not.toHaveBeenCalled();
      const type = (content: string) =>
        view.rerender(
          <ViewerSessionContext.Provider value={{ loading: false, user: { id: 'u1' }, accessToken: 'tok' }}>
            <ArtifactPreview type="HTML" content={content} fetchImpl={fetchImpl} />
          </ViewerSessionContext.Provider>,
        );
      type('<p>a pasted paragraph</p>');
      // No timer: the paste is sent at once.
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      type('<p>a pasted paragraph</p>!');
      type('<p>a pasted paragraph</p>!!');
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      act(() => {
        vi.advanceTimersByTime(300);
      });
      expect(fetchImpl).toHaveBeenCalledTimes(2);
      const body = (i: number) =>
        JSON.parse((fetchImpl.mock.calls[i] as unknown as [string, RequestInit])[1].body as string) as {
          content: string;
        };
      expect(body(0).content).toBe('<p>a pasted paragraph</p>');
      expect(body(1).content).toBe('<p>a pasted paragraph</p>!!');
    } finally {
      vi.useRealTimers();
    }
  });

  it('boots a renderer frame before anything is pasted, on one preview origin for the session', () => {
    const { container } = renderPreview('', vi.fn());
    const frames = [...container.querySelectorAll('iframe')];
    expect(frames).toHaveLength(2);
    const origins = frames.map((f) => new URL(f.src).origin);
    expect(origins[0]).toBe(origins[1]);
    expect(labelOfOrigin(RENDERER_ORIGIN, origins[0] as string)).toMatch(/^p-[a-z2-7]{20}$/);
    // Nothing shown yet: both frames are spares, out of the page's reach.
    expect(container.querySelectorAll('.cv-artifact-frame')).toHaveLength(0);
    expect(container.querySelectorAll('[data-preview-slot="spare"][aria-hidden="true"]')).toHaveLength(2);
  });

  it('renders new content in the booted spare and shows it only once it has rendered', async () => {
    const fetchImpl = vi.fn(() =>
      answer(200, { type: 'HTML', rendered: '<p>x</p>', renderError: null, securityWarning: null }),
    );
    const view = renderPreview('', fetchImpl);
    const { container } = view;
    const [first] = [...container.querySelectorAll('iframe')] as HTMLIFrameElement[];
    const win = first?.contentWindow as Window;
    const posted: unknown[] = [];
    vi.spyOn(win, 'postMessage').mockImplementation(((data: unknown) =>
      posted.push(data)) as typeof win.postMessage);
    const origin = new URL((first as HTMLIFrameElement).src).origin;
    const send = (body: object) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { channel: RENDER_CHANNEL, v: 1, ...body },
            source: win,
            origin,
          }),
        );
      });
    send({ kind: 'ready' });
    expect(posted).toHaveLength(0);
    view.rerender(
      <ViewerSessionContext.Provider value={{ loading: false, user: { id: 'u1' }, accessToken: 'tok' }}>
        <ArtifactPreview type="HTML" content="<p>pasted</p>" fetchImpl={fetchImpl} />
      </ViewerSessionContext.Provider>,
    );
    await waitFor(() => expect(posted).toHaveLength(1));
    expect((posted[0] as RenderRequest).artifact.rendered).toBe('<p>x</p>');
    expect(container.querySelectorAll('.cv-artifact-frame')).toHaveLength(0);
    send({ kind: 'rendered' });
    expect(container.querySelectorAll('.cv-artifact-frame')).toHaveLength(1);
    expect(container.querySelector('.cv-artifact-frame iframe')).toBe(first);
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
