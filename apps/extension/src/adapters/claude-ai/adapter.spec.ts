import { capturePage } from '../index';
import { loadFixture } from '../spec-fixture';
import { claudeAdapter } from './adapter';

const URL = 'https://claude.ai/chat/0b6c1e7e-5d0a-4c55-9f3e-2f1d5d1c0a11';
const page = (name: string) => loadFixture(__dirname, name, URL);
const summary = (doc: Document) =>
  claudeAdapter.findAll(doc).map(({ kind, language, title }) => ({ kind, language, title }));

describe('claude.ai adapter', () => {
  it('finds the open artifact (code view, header title) first, then every code block of the answers', () => {
    const doc = page('chat-with-artifact.html');
    expect(summary(doc)).toEqual([
      { kind: 'artifact', language: 'jsx', title: 'Pomodoro Timer' },
      { kind: 'code-block', language: 'html', title: undefined },
      { kind: 'code-block', language: 'jsx', title: undefined },
      { kind: 'code-block', language: 'tsx', title: undefined },
      { kind: 'code-block', language: 'svg', title: undefined },
      { kind: 'code-block', language: 'markdown', title: undefined },
      { kind: 'code-block', language: 'python', title: undefined },
    ]);
    const [artifact, html] = claudeAdapter.findAll(doc);
    expect(artifact?.content).toMatch(/^import \{ useState, useEffect \} from "react";\n/);
    expect(artifact?.content).toContain('<h1 className="text-2xl font-bold">Pomodoro</h1>');
    // The source only: no language label, no Copy button text.
    expect(html?.content.startsWith('<!DOCTYPE html>\n<html>')).toBe(true);
    expect(html?.content).not.toContain('Copy');
  });

  it('reads the model from the model selector and trims " - Claude" from the title', () => {
    const doc = page('chat-with-artifact.html');
    expect(claudeAdapter.model(doc)).toBe('Claude Sonnet 4');
    expect(claudeAdapter.pageTitle(doc)).toBe('Pomodoro timer component');
  });

  it('older layout: .font-claude-message turns, the fixed panel with a Markdown document, no model', () => {
    const doc = page('older-layout-document.html');
    expect(summary(doc)).toEqual([
      { kind: 'artifact', language: 'html', title: 'Release notes 2.4' },
      { kind: 'code-block', language: 'python', title: undefined },
      { kind: 'code-block', language: 'svg', title: undefined },
    ]);
    expect(claudeAdapter.findAll(doc)[0]?.content).toMatch(/^<h1>Release notes 2.4<\/h1>/);
    expect(claudeAdapter.model(doc)).toBeUndefined();
  });

  it('a panel showing only its preview offers no artifact, and the answers are not taken for it', () => {
    const doc = page('preview-only.html');
    expect(summary(doc)).toEqual([{ kind: 'code-block', language: 'css', title: undefined }]);
    expect(claudeAdapter.model(doc)).toBe('Claude Opus 4.1');
  });

  it('captures the page as JSON with site, assistant and model', () => {
    const capture = capturePage(
      page('chat-with-artifact.html'),
      { kind: 'all' },
      { hovered: [], selection: '' },
    );
    expect(capture).toMatchObject({
      site: 'claude.ai',
      url: URL,
      assistant: 'Claude',
      model: 'Claude Sonnet 4',
    });
    expect(capture.items).toHaveLength(7);
    expect(JSON.parse(JSON.stringify(capture))).toEqual(capture);
  });

  it('context menu over the artifact panel saves the artifact, over an answer block that block', () => {
    const doc = page('chat-with-artifact.html');
    const hoverChain = (el: Element | null) => {
      const chain: Element[] = [];
      for (let node = el; node; node = node.parentElement) chain.unshift(node);
      return chain;
    };
    const panelCode = doc
      .querySelector('[data-testid="artifact-version-trigger"]')
      ?.closest('.flex.h-full')
      ?.querySelector('code');
    const overPanel = capturePage(
      doc,
      { kind: 'context' },
      { hovered: hoverChain(panelCode ?? null), selection: '' },
    );
    expect(overPanel.items.map((i) => [i.kind, i.title])).toEqual([['artifact', 'Pomodoro Timer']]);
    const python = doc.querySelector('code.language-python');
    const overBlock = capturePage(doc, { kind: 'context' }, { hovered: hoverChain(python), selection: '' });
    expect(overBlock.items.map((i) => [i.kind, i.language])).toEqual([['code-block', 'python']]);
  });
});
