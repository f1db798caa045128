import { buildArtifactDocument } from './build-document';

const markdown = (rendered: string) =>
  buildArtifactDocument(
    { title: 'Notes', type: 'MARKDOWN', content: '', rendered, renderError: null, securityWarning: null },
    { mode: 'embed', theme: 'dark' },
  );

describe('Mermaid fences in Markdown', () => {
  it('load Mermaid from the library mirror, strict, and draw each block in place', () => {
    const html = markdown('<pre><code class="language-mermaid">graph TD; A--&gt;B</code></pre>');
    expect(html).toMatch(/<script src="\/mirror\/mermaid@\d+\.\d+\.\d+\/dist\/mermaid\.min\.js"><\/script>/);
    expect(html).toContain('"securityLevel":"strict"');
    expect(html).toContain('"theme":"dark"');
    expect(html).toContain('suppressErrors:true');
  });

  it('cost nothing when the Markdown has no diagram', () => {
    expect(markdown('<pre><code class="language-js">let a</code></pre><p>mermaid</p>')).not.toContain(
      'mermaid.min.js',
    );
  });
});
