import { adapterFor, capturePage } from '../index';
import { loadFixture } from '../spec-fixture';
import { genericAdapter } from './adapter';

const URL = 'https://blog.example.org/posts/svg';
const page = (name: string) => loadFixture(__dirname, name, URL);
const chain = (el: Element | null) => {
  const out: Element[] = [];
  for (let node = el; node; node = node.parentElement) out.unshift(node);
  return out;
};

describe('generic adapter', () => {
  it('any other site gets the generic adapter', () => {
    expect(adapterFor(URL)).toBe(genericAdapter);
    expect(adapterFor('not a url')).toBe(genericAdapter);
    expect(adapterFor('https://claude.ai/chat/x').site).toBe('claude.ai');
    expect(adapterFor('https://chatgpt.com/c/x').site).toBe('chatgpt.com');
  });

  it('offers every code block (language from Prism/highlight.js classes) and then the whole page', () => {
    const items = genericAdapter.findAll(page('blog-post.html'));
    expect(items.map(({ kind, language }) => [kind, language])).toEqual([
      ['code-block', 'svg'],
      ['code-block', 'typescript'],
      ['code-block', undefined],
      ['page', undefined],
    ]);
    const whole = items[3]?.content ?? '';
    expect(whole.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    // Scripts are kept: the vault's renderer sandboxes them.
    expect(whole).toContain('<script>window.analytics = [];</script>');
  });

  it('context menu: the selection the menu was opened on wins', () => {
    const doc = page('blog-post.html');
    const capture = capturePage(
      doc,
      { kind: 'context', selectionText: 'Start with a circle' },
      {
        hovered: chain(doc.querySelector('code.language-svg')),
        selection: 'ignored',
      },
    );
    expect(capture.items).toEqual([{ kind: 'selection', content: 'Start with a circle' }]);
  });

  it('context menu: else the deepest hovered pre/code, else the page selection, else the page', () => {
    const doc = page('blog-post.html');
    const hovered = chain(doc.querySelector('code.language-typescript')?.firstChild?.parentElement ?? null);
    expect(capturePage(doc, { kind: 'context' }, { hovered, selection: '' }).items).toEqual([
      expect.objectContaining({ kind: 'code-block', language: 'typescript' }),
    ]);
    const overText = chain(doc.querySelector('article p'));
    expect(
      capturePage(doc, { kind: 'context' }, { hovered: overText, selection: 'Then script it' }).items,
    ).toEqual([{ kind: 'selection', content: 'Then script it' }]);
    expect(capturePage(doc, { kind: 'context' }, { hovered: overText, selection: '  ' }).items).toEqual([
      expect.objectContaining({ kind: 'page' }),
    ]);
  });

  it('a page without code offers the selection (when there is one) and the whole page', () => {
    const doc = page('plain-page.html');
    const capture = capturePage(doc, { kind: 'all' }, { hovered: [], selection: 'Monday to Friday' });
    expect(capture).toMatchObject({ site: 'web', pageTitle: 'Opening hours' });
    expect(capture.assistant).toBeUndefined();
    expect(capture.items.map((i) => i.kind)).toEqual(['selection', 'page']);
  });
});
