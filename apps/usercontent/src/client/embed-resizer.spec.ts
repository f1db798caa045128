import { EMBED_AUTOSIZE_ATTRIBUTE, FRAME_HEIGHT, frameMessageSchema } from '@core-vault/contracts';
import { EMBED_ASK, embedHeightMessage, isEmbedAsk } from './agent-messages';
import {
  AUTOSIZE_ATTRIBUTE,
  EMBED_MAX_HEIGHT,
  inlineHeightFor,
  installEmbedResizer,
  isRendererOrigin,
  parseEmbedHeight,
} from './embed-resizer';

const RENDERER = 'https://render.example';

describe('the embed script', () => {
  it('agrees with the contracts on the mark and the cap', () => {
    expect(AUTOSIZE_ATTRIBUTE).toBe(EMBED_AUTOSIZE_ATTRIBUTE);
    expect(EMBED_MAX_HEIGHT).toBe(FRAME_HEIGHT.max);
  });

  it('reads the agent’s embed reports, and nothing else (not even the app frame’s messages)', () => {
    const report = embedHeightMessage({ height: 25_000, mode: 'content' });
    expect(parseEmbedHeight(report)).toEqual({ height: 25_000, mode: 'content' });
    expect(frameMessageSchema.safeParse(report).success).toBe(false);
    for (const bad of [
      null,
      'height',
      { ...report, channel: 'core-vault/renderer' },
      { ...report, v: 2 },
      { ...report, height: '900' },
      { ...report, height: Number.NaN },
      { ...report, mode: 'fill' },
    ])
      expect(parseEmbedHeight(bad)).toBeNull();
  });

  it('trusts the renderer’s origin and its artifact origins only', () => {
    expect(isRendererOrigin(RENDERER, RENDERER)).toBe(true);
    expect(isRendererOrigin('https://abc123.render.example', RENDERER)).toBe(true);
    expect(isRendererOrigin('http://abc123.render.example', RENDERER)).toBe(false);
    expect(isRendererOrigin('https://abc123.render.example:8443', RENDERER)).toBe(false);
    expect(isRendererOrigin('https://evilrender.example', RENDERER)).toBe(false);
    expect(isRendererOrigin('https://render.example.evil.test', RENDERER)).toBe(false);
    expect(isRendererOrigin('null', RENDERER)).toBe(false);
  });

  it('grows to the content (capped), gives a full-screen layout the embedder’s height, never collapses', () => {
    expect(inlineHeightFor({ height: 25_000.2, mode: 'content' })).toBe('25001px');
    expect(inlineHeightFor({ height: 1e9, mode: 'content' })).toBe(`${EMBED_MAX_HEIGHT}px`);
    expect(inlineHeightFor({ height: 900, mode: 'viewport' })).toBe('');
    expect(inlineHeightFor({ height: 0, mode: 'content' })).toBeNull();
  });

  it('sizes only the marked iframe the report came from, after asking the marked ones there', () => {
    const asked: unknown[] = [];
    const marked = { contentWindow: { postMessage: (m: unknown) => asked.push(m) }, style: { height: '' } };
    const other = { contentWindow: { postMessage: () => undefined }, style: { height: '' } };
    let listener: (event: Partial<MessageEvent>) => void = () => undefined;
    const win = {
      addEventListener: (_: string, fn: typeof listener) => (listener = fn),
      document: {
        querySelectorAll: (selector: string) =>
          selector === `iframe[${AUTOSIZE_ATTRIBUTE}]` ? [marked] : [marked, other],
      },
    } as unknown as Window;
    installEmbedResizer(win, RENDERER);
    expect(asked).toEqual([EMBED_ASK]);
    expect(asked.every(isEmbedAsk)).toBe(true);
    expect(isEmbedAsk(embedHeightMessage({ height: 1, mode: 'content' }))).toBe(false);
    const data = embedHeightMessage({ height: 1_234, mode: 'content' });
    listener({
      origin: 'https://label.render.example',
      source: other.contentWindow as unknown as Window,
      data,
    });
    listener({ origin: 'https://evil.test', source: marked.contentWindow as unknown as Window, data });
    expect(marked.style.height).toBe('');
    listener({
      origin: 'https://label.render.example',
      source: marked.contentWindow as unknown as Window,
      data,
    });
    expect(marked.style.height).toBe('1234px');
    expect(other.style.height).toBe('');
  });
});
