import { ARTIFACT_LIMITS } from '@core-vault/contracts';
import type { CapturedItem, PageCapture } from '../adapters';
import { clampTitle, draftsFrom, typeFor } from './draft';

const now = new Date('2026-11-25T04:00:00.000Z');
const capture = (items: CapturedItem[], extra: Partial<PageCapture> = {}): PageCapture => ({
  site: 'web',
  url: 'https://example.org/post?id=7',
  pageTitle: 'Example post',
  items,
  ...extra,
});
const code = (content: string, language?: string): CapturedItem => ({
  kind: 'code-block',
  content,
  ...(language ? { language } : {}),
});

describe('drafts from an assistant page', () => {
  // What the claude.ai adapter reports for its fixture, written out so that a change on that
  // site breaks only its adapter's spec, not this one.
  const drafts = draftsFrom(
    capture(
      [
        {
          kind: 'artifact',
          title: 'Pomodoro Timer',
          language: 'jsx',
          content:
            'import { useState } from "react";\nexport default function PomodoroTimer() {\n  const [s] = useState(0);\n  return <p>{s}</p>;\n}',
        },
        code(
          '<!DOCTYPE html>\n<html>\n<head><title>Pomodoro</title></head>\n<body><h1>Focus timer</h1></body>\n</html>',
          'html',
        ),
        code(
          'function useCountdown(seconds) {\n  const [left] = useState(seconds);\n  return left;\n}',
          'jsx',
        ),
        code(
          'interface TimerProps {\n  minutes: number;\n}\n\nexport function Timer({ minutes }: TimerProps) {\n  return <p>{minutes}</p>;\n}',
          'tsx',
        ),
        code(
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">\n  <circle cx="12" cy="12" r="10"/>\n</svg>',
          'svg',
        ),
        code('# Pomodoro\n\nA 25-minute focus timer.', 'markdown'),
        code(
          'def format_seconds(total: int) -> str:\n    minutes, seconds = divmod(total, 60)\n    return f"{minutes:02d}:{seconds:02d}"',
          'python',
        ),
      ],
      {
        site: 'claude.ai',
        url: 'https://claude.ai/chat/abc',
        pageTitle: 'Pomodoro timer component',
        assistant: 'Claude',
        model: 'Claude Sonnet 4',
      },
    ),
    { includePageUrl: false, now },
  );

  it('types from the language hint, titles from the header, the content heading, the export, the page', () => {
    expect(drafts.map(({ kind, type, title }) => [kind, type, title])).toEqual([
      ['artifact', 'REACT', 'Pomodoro Timer'],
      ['code-block', 'HTML', 'Pomodoro'],
      ['code-block', 'REACT', 'function useCountdown(seconds) {'],
      ['code-block', 'REACT', 'Timer'],
      ['code-block', 'SVG', 'Pomodoro timer component'],
      ['code-block', 'MARKDOWN', 'Pomodoro'],
      // python: no hint, detection decides (its default is HTML); the first line names it.
      ['code-block', 'HTML', 'def format_seconds(total: int) -> str:'],
    ]);
  });

  it('keeps provenance without the page address unless allowed, keys unique', () => {
    expect(drafts[0]?.metadata).toEqual({
      source: {
        site: 'claude.ai',
        capturedAt: '2026-11-25T04:00:00.000Z',
        assistant: 'Claude',
        model: 'Claude Sonnet 4',
        kind: 'artifact',
      },
    });
    expect(new Set(drafts.map((d) => d.key)).size).toBe(drafts.length);
  });
});

describe('draftsFrom', () => {
  it('adds the page address only when the user allows it', () => {
    const items = [code('<h1>Hello there</h1>', 'html')];
    expect(draftsFrom(capture(items), { includePageUrl: true, now })[0]?.metadata.source.url).toBe(
      'https://example.org/post?id=7',
    );
    expect(draftsFrom(capture(items), { includePageUrl: false, now })[0]?.metadata.source).not.toHaveProperty(
      'url',
    );
  });

  it('saves identical content once, the first finder winning (the artifact over its code block)', () => {
    const source = 'export default function App() { return <main className="app">Hi</main>; }';
    const drafts = draftsFrom(
      capture([
        { kind: 'artifact', content: source, language: 'jsx', title: 'App' },
        code(`${source}\n`, 'jsx'),
        { kind: 'selection', content: '  ' },
      ]),
      { includePageUrl: false, now },
    );
    expect(drafts.map((d) => [d.kind, d.title])).toEqual([['artifact', 'App']]);
  });

  it('the same content keeps the same key across scans', () => {
    const once = draftsFrom(capture([code('# Notes\n\nSome text')]), { includePageUrl: false, now });
    const again = draftsFrom(capture([code('# Notes\n\nSome text')]), {
      includePageUrl: false,
      now: new Date(),
    });
    expect(again[0]?.key).toBe(once[0]?.key);
  });

  it('a whole page is HTML titled by the page; a selection by its first line', () => {
    const drafts = draftsFrom(
      capture([
        { kind: 'selection', content: '\n  Monday to Friday, 9 to 5.\nClosed on Sundays.' },
        {
          kind: 'page',
          content: '<!doctype html><html><head><title>x</title></head><body># not md</body></html>',
        },
      ]),
      { includePageUrl: false, now },
    );
    expect(drafts.map((d) => [d.kind, d.type, d.title])).toEqual([
      ['selection', 'HTML', 'Monday to Friday, 9 to 5.'],
      ['page', 'HTML', 'Example post'],
    ]);
  });
});

describe('typeFor', () => {
  it('follows the language hint: html, jsx/tsx, ts, svg, md/markdown', () => {
    expect(typeFor(code('<p>hi</p>', 'html'))).toBe('HTML');
    expect(typeFor(code('const x = 1;', 'jsx'))).toBe('REACT');
    expect(typeFor(code('const x = 1;', 'TSX'))).toBe('REACT');
    expect(typeFor(code('let n = 1;', 'ts'))).toBe('TYPESCRIPT');
    expect(typeFor(code('<svg/>', 'svg'))).toBe('SVG');
    expect(typeFor(code('hello', 'md'))).toBe('MARKDOWN');
    expect(typeFor(code('hello', 'markdown'))).toBe('MARKDOWN');
  });

  it('a ts label on code with JSX is React', () => {
    expect(
      typeFor(code('type P = { n: number };\nexport const C = ({ n }: P) => <Box>{n}</Box>;', 'ts')),
    ).toBe('REACT');
  });

  it('without a known hint detection decides, and short content falls back to HTML', () => {
    const svgAsXml = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="4"/></svg>';
    expect(typeFor(code(svgAsXml, 'xml'))).toBe('SVG');
    expect(
      typeFor(
        code('import { useState } from "react";\nexport default function A() { return null; }', 'javascript'),
      ),
    ).toBe('REACT');
    expect(typeFor(code('print(1)', 'python'))).toBe('HTML');
  });
});

describe('clampTitle', () => {
  it('cuts to the contract limit with an ellipsis, drops control characters, never empty', () => {
    const long = clampTitle('x'.repeat(500));
    expect(Array.from(long)).toHaveLength(ARTIFACT_LIMITS.titleMaxChars);
    expect(long.endsWith('…')).toBe(true);
    expect(clampTitle('a\u0000b\n c')).toBe('a b c');
    expect(clampTitle('   ')).toBe('Untitled');
    expect(Array.from(clampTitle('😀'.repeat(300)))).toHaveLength(ARTIFACT_LIMITS.titleMaxChars);
  });
});
