import { buildArtifactDocument } from '../document/build-document';

const html = (content: string) =>
  ({
    id: 'a',
    title: 'A',
    type: 'HTML',
    content,
    rendered: content,
    renderError: null,
    securityWarning: null,
  }) as Parameters<typeof buildArtifactDocument>[0];

describe('HTML documents use the library mirror', () => {
  it.each(['frame', 'embed'] as const)('%s: CDN loads rewritten, unknown ones named in the note', (mode) => {
    const doc = buildArtifactDocument(
      html(`<!DOCTYPE html><html><head><script src="https://cdn.jsdelivr.net/npm/chart.js"></script>
<script src="https://cdn.example.com/widget.js"></script></head><body><canvas></canvas></body></html>`),
      {
        mode,
        theme: 'light',
        parentOrigin: 'http://127.0.0.1:4200',
        brandHref: 'http://127.0.0.1:4200/view/a',
      },
    );
    expect(doc).toContain('<script src="/mirror/chart.js@4.6.1/dist/chart.umd.min.js"');
    expect(doc).toContain(
      'This artifact loads widget.js from cdn.example.com, which the vault does not serve.',
    );
    // Standards mode kept: the doctype stays first; the note follows the agent, before the page.
    expect(doc.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(doc.indexOf('/assets/agent.js')).toBeLessThan(doc.indexOf('cv-mirror-note'));
    expect(doc.indexOf('cv-mirror-note')).toBeLessThan(doc.indexOf('<html>'));
  });

  it('a page without remote loads gets no note script at all', () => {
    const doc = buildArtifactDocument(html('<!doctype html><p>Hello</p><script>1</script>'), {
      mode: 'embed',
      theme: 'light',
    });
    expect(doc).not.toContain('cv-mirror-note');
  });
});
