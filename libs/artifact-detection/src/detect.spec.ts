import {
  AUTO_DETECT_MIN_LENGTH,
  type ArtifactType,
  detectArtifactType,
  titleFromFileName,
  typeForFile,
  typeFromFileName,
} from './detect';

/** Pads a snippet past the 50-character threshold with an HTML-neutral comment. */
const long = (s: string): string => (s.length > 60 ? s : `${s}\n<!-- ${'x'.repeat(60)} -->`);

describe('detectArtifactType (spec §4)', () => {
  it.each<[string, string, ArtifactType]>([
    ['React import', "import React from 'react';\nconst A = () => <div/>;", 'REACT'],
    ['named import from react', "import { useState } from 'react'", 'REACT'],
    ['hook call without import', 'const [n, setN] = useState(0); function X() { return n }', 'REACT'],
    ['useEffect hook', 'useEffect(() => { document.title = "x" }, []);', 'REACT'],
    ['default-exported function', 'export default function App() { return null }', 'REACT'],
    ['default-exported async function', 'export default async function load() { return 1 }', 'REACT'],
    ['interface inside a React file', "import React from 'react';\ninterface P { a: string }", 'REACT'],
    [
      'type declarations plus JSX',
      'type Props = { a: string };\nconst C = (p: Props) => <Card {...p} />;',
      'REACT',
    ],
    [
      'type declarations plus className',
      'const x: string = "a";\nconst el = <div className="a">x</div>;',
      'REACT',
    ],
    [
      'interface only',
      'interface User {\n  id: string;\n  name: string;\n}\nexport const u = 1;',
      'TYPESCRIPT',
    ],
    ['type alias', 'type Id = string | number;\nexport function f(id: Id) { return id }', 'TYPESCRIPT'],
    ['enum', 'enum Color { Red, Green }\nexport const c = Color.Red; // colours!!', 'TYPESCRIPT'],
    ['annotated parameter', 'function add(a: number, b: number) { return a + b; } add(1, 2);', 'TYPESCRIPT'],
    ['svg tag', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="4"/></svg>', 'SVG'],
    ['svg inside markdown', '# Icon\n\nHere it is:\n\n<svg viewBox="0 0 1 1"><rect width="1"/></svg>', 'SVG'],
    ['svg inside HTML', '<html><body><p>logo</p><svg width="10"></svg></body></html>', 'SVG'],
    ['markdown heading', '# Title\n\nSome text that goes on for a little while here.', 'MARKDOWN'],
    ['markdown code fence', 'Intro text that is long enough\n\n```js\nconsole.log(1)\n```', 'MARKDOWN'],
    ['markdown level-3 heading', 'Text first line\n### Section three of the document here', 'MARKDOWN'],
    ['hash without space is not a heading', '#notaheading and some more text to be over fifty chars', 'HTML'],
    ['plain HTML', '<!doctype html><html><body><h1>Hello</h1><p>World</p></body></html>', 'HTML'],
    ['plain prose', 'Just a paragraph of plain prose with nothing special in it at all.', 'HTML'],
    [
      'css color: is not a type annotation',
      '<div style="color: red; margin: 0">hello there, styled text</div>',
      'HTML',
    ],
  ])('%s', (_name, content, expected) => {
    expect(detectArtifactType(long(content))).toBe(expected);
  });

  it('does not detect at exactly 50 characters, detects at 51', () => {
    const react50 = "import React from 'react';".padEnd(AUTO_DETECT_MIN_LENGTH, ' ');
    expect(react50).toHaveLength(50);
    expect(detectArtifactType(react50)).toBeNull();
    expect(detectArtifactType(`${react50} `)).toBe('REACT');
  });

  it('returns null for empty content', () => {
    expect(detectArtifactType('')).toBeNull();
  });

  it('is linear enough on large hostile input', () => {
    const started = Date.now();
    detectArtifactType(`interface ${'<'.repeat(200_000)}`);
    detectArtifactType(`x: ${' '.repeat(200_000)}`);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('file names', () => {
  it.each<[string, ArtifactType | null]>([
    ['notes.md', 'MARKDOWN'],
    ['NOTES.MD', 'MARKDOWN'],
    ['logo.svg', 'SVG'],
    ['App.tsx', 'REACT'],
    ['App.jsx', 'REACT'],
    ['util.ts', 'TYPESCRIPT'],
    ['page.html', null],
    ['archive.tar.gz', null],
    ['README', null],
    ['types.d.ts', 'TYPESCRIPT'],
  ])('%s → %s', (name, expected) => {
    expect(typeFromFileName(name)).toBe(expected);
  });

  it('falls back to detection, then to the default', () => {
    expect(typeForFile('x.txt', long('# Heading\n\ntext'))).toBe('MARKDOWN');
    expect(typeForFile('x.txt', 'short')).toBe('HTML');
    expect(typeForFile('x.md', '<svg></svg>')).toBe('MARKDOWN');
  });

  it('derives the title from the file name', () => {
    expect(titleFromFileName('dir/My Chart.svg')).toBe('My Chart');
    expect(titleFromFileName('README')).toBe('README');
    expect(titleFromFileName('.md')).toBe('.md');
  });
});
