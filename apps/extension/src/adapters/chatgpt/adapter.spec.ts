import { capturePage } from '../index';
import { loadFixture } from '../spec-fixture';
import { chatgptAdapter } from './adapter';

const URL = 'https://chatgpt.com/c/6790a1b2-0000-8000-9000-00000000abcd';
const page = (name: string) => loadFixture(__dirname, name, URL);
const summary = (doc: Document) =>
  chatgptAdapter.findAll(doc).map(({ kind, language, title }) => ({ kind, language, title }));

describe('chatgpt.com adapter', () => {
  it('finds the open code canvas (CodeMirror lines, title) first, then the code blocks of the answers', () => {
    const doc = page('chat-with-canvas.html');
    expect(summary(doc)).toEqual([
      { kind: 'canvas', language: 'html', title: 'Fibonacci Visualiser' },
      { kind: 'code-block', language: 'html', title: undefined },
      { kind: 'code-block', language: 'jsx', title: undefined },
      { kind: 'code-block', language: 'tsx', title: undefined },
      { kind: 'code-block', language: 'svg', title: undefined },
      { kind: 'code-block', language: 'markdown', title: undefined },
      { kind: 'code-block', language: 'python', title: undefined },
    ]);
    const [canvas, html] = chatgptAdapter.findAll(doc);
    expect(canvas?.content.split('\n')).toHaveLength(12);
    expect(canvas?.content).toMatch(/^<!DOCTYPE html>\n<html lang="en">\n/);
    expect(html?.content).not.toMatch(/Copy|Edit/);
    expect(html?.content.startsWith('<!DOCTYPE html>')).toBe(true);
  });

  it('reads the model from the model switcher and trims "ChatGPT - " from the title', () => {
    const doc = page('chat-with-canvas.html');
    expect(chatgptAdapter.model(doc)).toBe('4o');
    expect(chatgptAdapter.pageTitle(doc)).toBe('Fibonacci visualiser');
  });

  it('inline document canvas, label-only code blocks, model from the message slug', () => {
    const doc = page('document-canvas-no-switcher.html');
    expect(summary(doc)).toEqual([
      { kind: 'canvas', language: 'html', title: 'Lisbon Weekend Plan' },
      // The canvas's own pre is part of the canvas, not a second item.
      { kind: 'code-block', language: 'python', title: undefined },
    ]);
    expect(chatgptAdapter.findAll(doc)[0]?.content).toMatch(/^<h1>Lisbon weekend<\/h1>/);
    expect(chatgptAdapter.model(doc)).toBe('gpt-4o');
  });

  it('captures the page as JSON with site, assistant and model', () => {
    const capture = capturePage(
      page('chat-with-canvas.html'),
      { kind: 'all' },
      { hovered: [], selection: '' },
    );
    expect(capture).toMatchObject({ site: 'chatgpt.com', url: URL, assistant: 'ChatGPT', model: '4o' });
    expect(capture.items).toHaveLength(7);
  });

  it('is chosen for chatgpt.com and chat.openai.com only', () => {
    expect(chatgptAdapter.matches(new globalThis.URL('https://chat.openai.com/c/x'))).toBe(true);
    expect(chatgptAdapter.matches(new globalThis.URL('https://chatgpt.com.example.org/'))).toBe(false);
  });
});
