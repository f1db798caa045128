import { renderableFromSource, type RenderableArtifact } from '@core-vault/contracts';
import { transform } from 'sucrase';
import { buildArtifactDocument, documentNeeds } from './build-document';
import { highlightCodeBlocks } from './highlight';
import { prepareReact } from './react-prepare';

const frame = { mode: 'frame' as const, theme: 'light' as const, parentOrigin: 'http://127.0.0.1:4200' };
const embed = { mode: 'embed' as const, theme: 'dark' as const, brandHref: 'http://127.0.0.1:4200/view/a"b' };
const artifact = (over: Partial<RenderableArtifact>): RenderableArtifact => ({
  ...renderableFromSource('HTML', ''),
  ...over,
});

describe('buildArtifactDocument', () => {
  it('puts the agent right after an HTML page’s doctype, keeping standards mode', () => {
    const doc = buildArtifactDocument(
      artifact({ content: '<!DOCTYPE html><html><body><p>x</p></body></html>' }),
      frame,
    );
    expect(doc).toMatch(
      /^<!DOCTYPE html>\n<script src="\/assets\/agent\.js" data-mode="frame" data-parent="http:\/\/127\.0\.0\.1:4200"><\/script>/,
    );
  });

  it('prefers the sanitized form and adds a doctype when it has none', () => {
    const doc = buildArtifactDocument(
      artifact({ content: '<script>bad()</script>', rendered: '<p>clean</p>' }),
      frame,
    );
    expect(doc.startsWith('<!doctype html>')).toBe(true);
    expect(doc).toContain('<p>clean</p>');
    expect(doc).not.toContain('bad()');
  });

  it('escapes Unknown content and the brand link', () => {
    const doc = buildArtifactDocument(artifact({ type: 'UNKNOWN', content: '<script>x</script>' }), embed);
    expect(doc).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(doc).toContain('href="http://127.0.0.1:4200/view/a&quot;b"');
    expect(doc).toContain('color-scheme:dark');
  });

  it('shows unsanitized SVG previews as an image (no scripts, no requests)', () => {
    const doc = buildArtifactDocument(
      artifact({ type: 'SVG', content: '<svg><script>x()</script></svg>' }),
      frame,
    );
    expect(doc).toContain('<img alt="Preview" src="data:image/svg+xml;charset=utf-8,%3Csvg%3E%3Cscript%3E');
    expect(doc).not.toContain('<script>x()');
  });

  it('highlights Markdown code blocks and shows parse errors', () => {
    const md = artifact({
      type: 'MARKDOWN',
      rendered: '<pre><code class="language-ts">a &lt; b</code></pre>',
    });
    expect(documentNeeds(md).highlight).toBe(true);
    const doc = buildArtifactDocument(md, { ...frame, highlight: (code, lang) => `<i>${lang}:${code}</i>` });
    expect(doc).toContain('<pre><code class="hljs language-ts"><i>ts:a < b</i></code></pre>');
    const failed = buildArtifactDocument(
      artifact({ type: 'MARKDOWN', renderError: 'Error parsing markdown: boom' }),
      frame,
    );
    expect(failed).toContain('Error parsing markdown: boom');
    expect(failed).toContain('id="cv-error"');
  });

  it('writes a React document with the import map, Tailwind when used, and the code as inert JSON', () => {
    const source = "export default function A() { return <p className='x'>{'<!-- </p> -->'}</p>; }";
    const react = prepareReact(source, (c, o) => transform(c, o));
    const doc = buildArtifactDocument(artifact({ type: 'REACT', content: source }), { ...frame, react });
    expect(doc).toContain('<script type="importmap">{"imports":{"react":"/vendor/react.js"');
    expect(doc).toContain('<script src="/vendor/tailwind.js"></script>');
    const json = /<script type="application\/json" id="cv-react">([^<]*)<\/script>/.exec(doc)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain('<');
    expect((JSON.parse(json!) as { code: string }).code).toContain('<!-- </p> -->');
  });

  it('shows a refused React component as an error, not as code', () => {
    const react = prepareReact('const c = document.cookie; export default () => null;', (c, o) =>
      transform(c, o),
    );
    const doc = buildArtifactDocument(artifact({ type: 'REACT', content: 'x' }), { ...frame, react });
    expect(doc).toContain('Security Warning');
    expect(doc).not.toContain('importmap');
  });
});

describe('highlightCodeBlocks', () => {
  it('leaves blocks alone when the highlighter declines', () => {
    const html = '<pre><code>plain</code></pre>';
    expect(highlightCodeBlocks(html, () => null)).toBe(html);
  });
});
