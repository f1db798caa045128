import {
  applyHeightReport,
  defaultViewportHeight,
  frameBox,
  loadFrameHeight,
  saveFrameHeight,
} from './frame-size';

describe('frame size', () => {
  it('gives full-screen layouts the window below the header, at least 480 px', () => {
    expect(defaultViewportHeight(64, 900)).toBe(836);
    expect(defaultViewportHeight(900, 1000)).toBe(800); // far down the page: at most 200 px of header
    expect(defaultViewportHeight(64, 400)).toBe(480);
  });

  it('follows content reports, ignores empty ones, and keeps viewport mode', () => {
    let s = applyHeightReport({ mode: 'content', content: null }, { height: 0, mode: 'content' });
    expect(s).toEqual({ mode: 'content', content: null });
    s = applyHeightReport(s, { height: 300.4 });
    expect(s).toEqual({ mode: 'content', content: 301 });
    s = applyHeightReport(s, { height: Number.NaN, mode: 'content' });
    expect(s.content).toBe(301);
    s = applyHeightReport(s, { height: 700, mode: 'viewport' });
    expect(s).toEqual({ mode: 'viewport', content: 301 });
    expect(applyHeightReport(s, { height: 10, mode: 'content' })).toBe(s);
  });

  it('remembers a chosen height per artifact in this tab only', () => {
    sessionStorage.clear();
    expect(loadFrameHeight('a')).toBeNull();
    saveFrameHeight('a', 640);
    saveFrameHeight(undefined, 999);
    expect(loadFrameHeight('a')).toBe(640);
    expect(loadFrameHeight(undefined)).toBeNull();
    sessionStorage.setItem('core-vault.frame-height.b', 'junk');
    expect(loadFrameHeight('b')).toBeNull();
    sessionStorage.setItem('core-vault.frame-height.c', '5');
    expect(loadFrameHeight('c')).toBe(150);
  });
});

describe('frameBox: the owner’s setting against what the agent reports', () => {
  const content = { mode: 'content' as const, content: 25_000 };
  const viewport = { mode: 'viewport' as const, content: 300 };

  it('pinned px win over every report (the document scrolls inside), with no resize bar', () => {
    expect(frameBox(900, content, null, 700)).toEqual({ height: 900, resizable: false, sizing: 'pinned' });
    expect(frameBox(900, viewport, 640, 700)).toEqual({ height: 900, resizable: false, sizing: 'pinned' });
  });

  it('"fill the window" is full screen from the start, resizable, even for content-sized documents', () => {
    expect(frameBox('viewport', { mode: 'content', content: null }, null, 700)).toEqual({
      height: 700,
      resizable: true,
      sizing: 'viewport',
    });
    expect(frameBox('viewport', content, 640, 700).height).toBe(640);
  });

  it('automatic: the content’s full height, or the window’s for a full-screen layout and while loading', () => {
    expect(frameBox(null, content, null, 700)).toEqual({
      height: 25_000,
      resizable: false,
      sizing: 'content',
    });
    expect(frameBox(undefined, { mode: 'content', content: null }, null, 700).height).toBe(700);
    expect(frameBox(null, viewport, null, 700)).toEqual({ height: 700, resizable: true, sizing: 'viewport' });
  });
});
