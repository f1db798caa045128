import {
  FRAME_HEIGHT,
  RENDER_CHANNEL,
  clampFrameHeight,
  frameMessage,
  frameMessageSchema,
  renderRequest,
  renderRequestSchema,
} from './protocol';
import { renderableFromSource, toRenderableArtifact } from './artifact-adapter';
import { reactSecurityWarning } from './react-security';

describe('render protocol', () => {
  it('accepts a well-formed render request and frame messages', () => {
    const request = renderRequest(renderableFromSource('HTML', '<p>x</p>'), 'dark');
    expect(renderRequestSchema.parse(request)).toEqual(request);
    for (const m of [
      frameMessage({ kind: 'ready' }),
      frameMessage({ kind: 'height', height: 320 }),
      frameMessage({ kind: 'height', height: 320, mode: 'content' }),
      frameMessage({ kind: 'height', height: 900, mode: 'viewport' }),
      frameMessage({ kind: 'error', error: { title: 'Render Error', message: 'boom', tips: [] } }),
    ])
      expect(frameMessageSchema.safeParse(m).success).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a string', 'ready'],
    ['another channel', { channel: 'x', v: 1, kind: 'ready' }],
    ['another version', { channel: RENDER_CHANNEL, v: 2, kind: 'ready' }],
    ['an unknown kind', { channel: RENDER_CHANNEL, v: 1, kind: 'navigate', url: 'https://evil' }],
    ['extra fields', { channel: RENDER_CHANNEL, v: 1, kind: 'ready', token: 'x' }],
    ['a non-number height', { channel: RENDER_CHANNEL, v: 1, kind: 'height', height: '1e9' }],
    ['an unknown sizing mode', { channel: RENDER_CHANNEL, v: 1, kind: 'height', height: 1, mode: 'auto' }],
    [
      'an unknown error title',
      { channel: RENDER_CHANNEL, v: 1, kind: 'error', error: { title: 'Hi', message: '', tips: [] } },
    ],
  ])('refuses %s', (_, message) => {
    expect(frameMessageSchema.safeParse(message).success).toBe(false);
  });

  it('carries an artifact’s storage both ways, bounded', () => {
    const request = renderRequest(renderableFromSource('HTML', 'x'), 'light', { tasks: '[]' });
    expect(renderRequestSchema.parse(request).storage).toEqual({ tasks: '[]' });
    expect(frameMessageSchema.safeParse(frameMessage({ kind: 'storage', items: { a: '1' } })).success).toBe(
      true,
    );
    const huge = { a: 'x'.repeat(60_000), b: 'y'.repeat(60_000) };
    expect(frameMessageSchema.safeParse(frameMessage({ kind: 'storage', items: huge })).success).toBe(false);
  });

  it('refuses oversized content', () => {
    const big = renderableFromSource('HTML', 'x'.repeat(2_000_001));
    expect(renderRequestSchema.safeParse(renderRequest(big)).success).toBe(false);
  });

  it('clamps heights', () => {
    expect(clampFrameHeight(1e9)).toBe(FRAME_HEIGHT.max);
    expect(clampFrameHeight(-5)).toBe(0);
    expect(clampFrameHeight(Number.NaN)).toBe(0);
    expect(clampFrameHeight(10.2)).toBe(11);
  });
});

describe('toRenderableArtifact', () => {
  it('reads the sanitized form and falls back as the spec says', () => {
    expect(
      toRenderableArtifact({ id: 'a', type: 'SVG', content: '<svg/>', rendered: '<svg></svg>' }),
    ).toEqual({
      id: 'a',
      title: 'Untitled',
      type: 'SVG',
      content: '<svg/>',
      rendered: '<svg></svg>',
      renderError: null,
      securityWarning: null,
    });
    expect(toRenderableArtifact({ content: 'x' }).type).toBe('HTML');
    expect(toRenderableArtifact({ type: 'COBOL', content: 'x' }).type).toBe('UNKNOWN');
  });
});

describe('reactSecurityWarning', () => {
  it.each([
    ['<script>alert(1)</script>', 'script tag'],
    ['const s = "<script>alert(1)</script>"', 'script tag'],
    ["const el = '< script src=x>'", 'script tag'],
    ['eval("1+1")', 'eval'],
    ['const f = new Function("return 1")', 'new Function'],
    ['const c = document.cookie;', 'cookies'],
    ["const c = document['cookie'];", 'cookies'],
  ])('refuses %s', (source, word) => {
    expect(reactSecurityWarning(source)).toContain(word);
  });

  it.each([
    'export default function App() { return <div>Hi</div>; }',
    'export default function App() { const [n] = React.useState(0); return <p>{n}</p>; }',
    'const evaluate = (x) => x; evaluate(1); // evaluation',
    'const cookieConsent = true; Function.prototype.call;',
  ])('lets ordinary components through: %s', (source) => {
    expect(reactSecurityWarning(source)).toBeNull();
  });
});
