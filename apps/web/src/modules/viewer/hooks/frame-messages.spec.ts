import { RENDER_CHANNEL } from '@core-vault/contracts';
import { frameSandbox } from '../renderer-origin';
import { acceptFrameMessage, contentKey } from './frame-messages';

const frameWindow = {} as MessageEventSource;
const other = {} as MessageEventSource;
const ORIGIN = 'http://localhost:4300';
const ready = { channel: RENDER_CHANNEL, v: 1, kind: 'ready' };

describe('acceptFrameMessage', () => {
  const expected = { origin: ORIGIN, source: frameWindow };

  it('accepts a valid message from our frame at the renderer origin', () => {
    expect(acceptFrameMessage({ origin: ORIGIN, source: frameWindow, data: ready }, expected)).toEqual(ready);
  });

  it.each([
    ['another window (a popup or nested frame)', { origin: ORIGIN, source: other, data: ready }],
    ['another origin', { origin: 'https://evil.example', source: frameWindow, data: ready }],
    ['an opaque origin', { origin: 'null', source: frameWindow, data: ready }],
    [
      'a spoofed shape',
      { origin: ORIGIN, source: frameWindow, data: { ...ready, kind: 'navigate', url: 'x' } },
    ],
    ['a string', { origin: ORIGIN, source: frameWindow, data: 'ready' }],
  ])('ignores %s', (_, event) => {
    expect(acceptFrameMessage(event, expected)).toBeNull();
  });

  it('ignores everything while the frame has no window', () => {
    expect(
      acceptFrameMessage(
        { origin: ORIGIN, source: frameWindow, data: ready },
        { origin: ORIGIN, source: null },
      ),
    ).toBeNull();
  });
});

describe('frameSandbox', () => {
  it('allows same-origin only on a separate renderer origin, never top navigation', () => {
    const sandbox = frameSandbox('http://127.0.0.1:4200', 'http://localhost:4300');
    expect(sandbox).toContain('allow-scripts');
    expect(sandbox).toContain('allow-same-origin');
    expect(sandbox).not.toContain('allow-top-navigation');
    expect(frameSandbox('http://127.0.0.1:4200', 'http://127.0.0.1:4200')).not.toContain('allow-same-origin');
  });
});

describe('contentKey', () => {
  it('changes with the content and stays stable otherwise', () => {
    expect(contentKey(['a', 'HTML'])).toBe(contentKey(['a', 'HTML']));
    expect(contentKey(['a', 'HTML'])).not.toBe(contentKey(['b', 'HTML']));
    expect(contentKey(['a', 'HTML'])).not.toBe(contentKey(['a', 'SVG']));
  });
});
