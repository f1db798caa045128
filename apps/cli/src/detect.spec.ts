import { pushTitle, pushType } from './detect';

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
const markdown = '# Release notes\n\nEverything that changed this week, in one place for the team.';
const react = "import React from 'react';\nexport default function App() { return <div>Hello</div>; }";
const html =
  '<!doctype html><html><head><title>Tom &amp; Jerry</title></head><body><p>Hi there, friend</p></body></html>';

describe('the type of a pushed file', () => {
  it('is --type when given, whatever the file says', () => {
    expect(pushType('chart.svg', svg, 'HTML')).toEqual({ type: 'HTML', from: 'option' });
  });

  it("follows the extension as the web app's upload does, and .html/.htm/.markdown too", () => {
    expect(pushType('notes.md', 'short', undefined)).toEqual({ type: 'MARKDOWN', from: 'extension' });
    expect(pushType('dir/Chart.SVG', 'x', undefined)).toEqual({ type: 'SVG', from: 'extension' });
    expect(pushType('App.tsx', 'x', undefined)).toEqual({ type: 'REACT', from: 'extension' });
    expect(pushType('util.ts', 'x', undefined)).toEqual({ type: 'TYPESCRIPT', from: 'extension' });
    expect(pushType('page.html', markdown, undefined)).toEqual({ type: 'HTML', from: 'extension' });
    expect(pushType('page.htm', 'x', undefined)).toEqual({ type: 'HTML', from: 'extension' });
    expect(pushType('README.markdown', 'x', undefined)).toEqual({ type: 'MARKDOWN', from: 'extension' });
  });

  it('reads the content (the rules the vault applies) when the name says nothing: stdin, .txt, no extension', () => {
    expect(pushType(undefined, svg, undefined)).toEqual({ type: 'SVG', from: 'content' });
    expect(pushType(undefined, markdown, undefined)).toEqual({ type: 'MARKDOWN', from: 'content' });
    expect(pushType('component.js', react, undefined)).toEqual({ type: 'REACT', from: 'content' });
    expect(pushType('page.txt', html, undefined)).toEqual({ type: 'HTML', from: 'content' });
  });

  it('leaves text too short to tell to the vault (AUTO)', () => {
    expect(pushType(undefined, '# Hi', undefined)).toEqual({ type: 'AUTO', from: 'vault' });
    expect(pushType('notes', '<b>x</b>', undefined)).toEqual({ type: 'AUTO', from: 'vault' });
  });
});

describe('the title of a pushed file', () => {
  it("is the file's name without its extension", () => {
    expect(pushTitle('reports/q3-summary.md', markdown)).toBe('q3-summary');
    expect(pushTitle('chart.svg', svg)).toBe('chart');
  });

  it("for stdin, the document's own title, its first heading, or its first line", () => {
    expect(pushTitle(undefined, html)).toBe('Tom & Jerry');
    expect(pushTitle(undefined, markdown)).toBe('Release notes');
    expect(pushTitle(undefined, '\n\n  plain words here  \nmore')).toBe('plain words here');
    expect(pushTitle(undefined, '   ')).toBe('Untitled');
  });

  it("is cut to the vault's 200 characters", () => {
    expect([...pushTitle(undefined, `<title>${'é'.repeat(250)}</title>`)]).toHaveLength(200);
  });
});
