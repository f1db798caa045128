import {
  FRAME_HEIGHT,
  RENDER_CHANNEL,
  type RenderRequest,
  type RuntimeResult,
  labelOrigin,
  renderableFromSource,
} from '@core-vault/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RENDERER_ORIGIN } from '../renderer-origin';
import { ArtifactFrame } from './ArtifactFrame';

const artifact = renderableFromSource('HTML', '<p>hello</p>', 'Hello');
/** The artifact's own origin under the renderer (the renderer sends the frame there). */
const FRAME_ORIGIN = labelOrigin(RENDERER_ORIGIN, 'abcdefghijklmnopqrstuvwxyz');
const OTHER_ARTIFACT_ORIGIN = labelOrigin(RENDERER_ORIGIN, 'zyxwvutsrqponmlkjihgfedcba');

function setup(storageId?: string) {
  const onRenderError = vi.fn();
  const onRendered = vi.fn();
  render(
    <ArtifactFrame
      artifact={artifact}
      onRendered={onRendered}
      onRenderError={onRenderError}
      {...(storageId ? { storageId } : {})}
    />,
  );
  const iframe = screen.getByTitle<HTMLIFrameElement>('Hello');
  const win = iframe.contentWindow as Window;
  const posted: [unknown, string][] = [];
  vi.spyOn(win, 'postMessage').mockImplementation(((data: unknown, origin: string) =>
    posted.push([data, origin])) as typeof win.postMessage);
  const send = (data: unknown, source: MessageEventSource | null = win, origin = FRAME_ORIGIN) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, source, origin }));
    });
  return { iframe, posted, send, onRendered, onRenderError };
}

const msg = (body: object) => ({ channel: RENDER_CHANNEL, v: 1, ...body });

describe('ArtifactFrame', () => {
  it('frames the renderer origin, sandboxed without top navigation', () => {
    const { iframe } = setup();
    expect(RENDERER_ORIGIN).toMatch(/^https?:\/\//);
    expect(iframe.getAttribute('src')).toBe(
      `${RENDERER_ORIGIN}/frame?parent=${encodeURIComponent(window.location.origin)}`,
    );
    expect(iframe.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(iframe.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('frames a saved artifact by id: the renderer sends it to the artifact’s own origin', () => {
    const { iframe } = setup('art 1');
    expect(iframe.getAttribute('src')).toBe(
      `${RENDERER_ORIGIN}/frame/art%201?parent=${encodeURIComponent(window.location.origin)}`,
    );
  });

  it('sends the content once, to the artifact’s origin only, when the frame is ready', () => {
    const { posted, send } = setup();
    send(msg({ kind: 'ready' }));
    expect(posted).toHaveLength(1);
    const [data, origin] = posted[0]!;
    expect(origin).toBe(FRAME_ORIGIN);
    expect((data as RenderRequest).artifact.content).toBe('<p>hello</p>');
    // A second shell in the frame: the artifact navigated it. Nothing more is sent; a notice shows.
    send(msg({ kind: 'ready' }));
    expect(posted).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toContain('tried to leave its page');
  });

  it('binds the content to the artifact the frame is for', () => {
    const { posted, send } = setup('art-1');
    send(msg({ kind: 'ready' }));
    expect((posted[0]![0] as RenderRequest).artifact.id).toBe('art-1');
    cleanup();
    const preview = setup();
    preview.send(msg({ kind: 'ready' }));
    expect((preview.posted[0]![0] as RenderRequest).artifact.id).toBeUndefined();
  });

  it('ignores ready from another window, the renderer’s own origin or another site', () => {
    const { posted, send } = setup();
    send(msg({ kind: 'ready' }), window);
    send(msg({ kind: 'ready' }), undefined, 'https://evil.example');
    send(msg({ kind: 'ready' }), undefined, RENDERER_ORIGIN);
    send(msg({ kind: 'ready' }), undefined, labelOrigin(RENDERER_ORIGIN, 'not-a-label'));
    expect(posted).toHaveLength(0);
  });

  it('stops showing a frame that speaks from another artifact’s origin', () => {
    const { iframe, posted, send } = setup('art-1');
    send(msg({ kind: 'ready' }));
    send(msg({ kind: 'ready' }), undefined, OTHER_ARTIFACT_ORIGIN);
    expect(posted).toHaveLength(1);
    expect(iframe.hidden).toBe(true);
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('answers the artifact’s runtime calls through the vault’s API, for its own artifact only', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(Response.json({ key: 'k', value: 'v', shared: true }, { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      const { posted, send } = setup('art-1');
      send(msg({ kind: 'ready' }));
      send(msg({ kind: 'runtime', call: 7, request: { op: 'get', key: 'k', shared: true } }));
      await vi.waitFor(() => expect(posted).toHaveLength(2));
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/v1/artifacts/art-1/storage/shared/k',
        expect.objectContaining({ method: 'GET' }),
      );
      const [result, origin] = posted[1]!;
      expect(origin).toBe(FRAME_ORIGIN);
      expect(result as RuntimeResult).toMatchObject({ kind: 'runtime-result', call: 7, ok: true });
      expect((result as RuntimeResult).result).toEqual({ key: 'k', value: 'v', shared: true });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refuses runtime calls of an unsaved preview and of an anonymous viewer’s personal store', async () => {
    const { posted, send } = setup();
    send(msg({ kind: 'ready' }));
    send(msg({ kind: 'runtime', call: 1, request: { op: 'get', key: 'k', shared: true } }));
    expect((posted[1]![0] as RuntimeResult).error?.code).toBe('RUNTIME_PREVIEW');
    cleanup();
    const saved = setup('art-1');
    saved.send(msg({ kind: 'ready' }));
    saved.send(msg({ kind: 'runtime', call: 2, request: { op: 'get', key: 'k', shared: false } }));
    await vi.waitFor(() => expect(saved.posted).toHaveLength(2));
    expect((saved.posted[1]![0] as RuntimeResult).error?.code).toBe('STORAGE_SIGN_IN_REQUIRED');
  });

  it('sizes itself to the reported content height, clamped', () => {
    const { iframe, send } = setup();
    send(msg({ kind: 'rendered' }));
    send(msg({ kind: 'height', height: 345.2, mode: 'content' }));
    expect(iframe.style.height).toBe('346px');
    send(msg({ kind: 'height', height: 1e9 }));
    expect(iframe.style.height).toBe(`${FRAME_HEIGHT.max}px`);
    expect(screen.queryByRole('separator')).toBeNull();
  });

  it('starts at the window’s height below the header and never collapses on an empty report', () => {
    const { iframe, send } = setup();
    const initial = `${Math.max(480, window.innerHeight - 12)}px`;
    const measured = () => iframe.closest('.cv-artifact-frame')?.getAttribute('data-measured');
    expect(iframe.style.height).toBe(initial);
    send(msg({ kind: 'height', height: 0, mode: 'content' }));
    expect(iframe.style.height).toBe(initial);
    expect(measured()).toBe('false');
    send(msg({ kind: 'height', height: 120, mode: 'content' }));
    expect(measured()).toBe('true');
    send(msg({ kind: 'height', height: 0, mode: 'content' }));
    expect(iframe.style.height).toBe('120px');
  });

  it('gives a viewport-sized artifact the default height and a keyboard-resizable handle, remembered', async () => {
    sessionStorage.clear();
    const first = setup('art-vp');
    first.send(msg({ kind: 'height', height: 300, mode: 'content' }));
    first.send(msg({ kind: 'height', height: 9999, mode: 'viewport' }));
    const initial = Math.max(480, window.innerHeight - 12);
    expect(first.iframe.style.height).toBe(`${initial}px`);
    // Viewport mode is final: later content reports do not size the frame.
    first.send(msg({ kind: 'height', height: 200, mode: 'content' }));
    expect(first.iframe.style.height).toBe(`${initial}px`);
    // The handle's code loads when the first viewport-sized report arrives.
    const handle = await screen.findByRole('separator', { name: 'Resize artifact' });
    expect(handle.tabIndex).toBe(0);
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    fireEvent.keyDown(handle, { key: 'PageDown' });
    expect(first.iframe.style.height).toBe(`${initial + 220}px`);
    expect(handle.getAttribute('aria-valuenow')).toBe(String(initial + 220));
    fireEvent.keyDown(handle, { key: 'Home' });
    expect(first.iframe.style.height).toBe('150px');
    fireEvent.keyDown(handle, { key: 'PageDown' });
    cleanup();
    const second = setup('art-vp');
    second.send(msg({ kind: 'height', height: 1, mode: 'viewport' }));
    expect(second.iframe.style.height).toBe('350px');
  });

  it('resizes by dragging the handle', async () => {
    // jsdom has no PointerEvent: a MouseEvent carries clientY the same way.
    if (!('PointerEvent' in window))
      vi.stubGlobal(
        'PointerEvent',
        class extends MouseEvent {
          pointerId = 1;
        },
      );
    const { iframe, send } = setup();
    send(msg({ kind: 'height', height: 1, mode: 'viewport' }));
    const initial = Math.max(480, window.innerHeight - 12);
    const handle = await screen.findByRole('separator');
    fireEvent.pointerDown(handle, { clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 160, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientY: 160, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 400, pointerId: 1 });
    expect(iframe.style.height).toBe(`${initial + 60}px`);
  });

  it('keeps the artifact’s storage for it and hands it back next time', () => {
    localStorage.clear();
    const first = setup('art-1');
    first.send(msg({ kind: 'storage', items: { tasks: '["x"]' } }));
    cleanup();
    const second = setup('art-1');
    second.send(msg({ kind: 'ready' }));
    expect((second.posted[0]![0] as RenderRequest).storage).toEqual({ tasks: '["x"]' });
  });

  it('keeps nothing for previews (no storage id)', () => {
    localStorage.clear();
    const { send } = setup();
    send(msg({ kind: 'storage', items: { tasks: '["x"]' } }));
    expect(localStorage.length).toBe(0);
  });

  it('reports rendering and errors', () => {
    const { send, onRendered, onRenderError } = setup();
    send(msg({ kind: 'rendered' }));
    const error = { title: 'Render Error', message: 'boom', tips: [] };
    send(msg({ kind: 'error', error }));
    expect(onRendered).toHaveBeenCalledTimes(1);
    expect(onRenderError).toHaveBeenCalledWith(error);
  });
});

describe('ArtifactFrame with the owner’s frame height', () => {
  const framed = (frameHeight: 900 | 'viewport') => {
    render(<ArtifactFrame artifact={{ ...artifact, frameHeight }} />);
    const iframe = screen.getByTitle<HTMLIFrameElement>('Hello');
    const report = (height: number, mode: 'content' | 'viewport') =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: msg({ kind: 'height', height, mode }),
            source: iframe.contentWindow,
            origin: FRAME_ORIGIN,
          }),
        );
      });
    return { iframe, report };
  };

  it('keeps pinned px whatever the document reports: a taller one scrolls inside, no resize bar', () => {
    const { iframe, report } = framed(900);
    expect(iframe.style.height).toBe('900px');
    report(25_000, 'content');
    report(300, 'viewport');
    expect(iframe.style.height).toBe('900px');
    expect(iframe.getAttribute('scrolling')).toBe('auto');
    expect(screen.queryByRole('separator')).toBeNull();
  });

  it('fills the window from the start when asked, with the resize bar, even for a short document', async () => {
    const { iframe, report } = framed('viewport');
    report(120, 'content');
    expect(iframe.style.height).toBe(`${Math.max(480, window.innerHeight - 12)}px`);
    expect(await screen.findByRole('separator')).toBeTruthy();
  });
});
