import { transform } from 'sucrase';
import { type TransformFn, prepareReact } from './react-prepare';

const sucrase: TransformFn = (code, options) => transform(code, options);

describe('prepareReact', () => {
  it('transpiles JSX and TypeScript to a CommonJS body and lists the libraries it imports', () => {
    const prepared = prepareReact(
      "import { useState } from 'react';\nimport { Star } from 'lucide-react';\nimport './styles.css';\nexport default function A(): JSX.Element { const [n] = useState<number>(1); return <p className=\"p-2\"><Star />{n}</p>; }",
      sucrase,
    );
    if (!prepared.ok) throw new Error(prepared.error.message);
    expect(prepared.imports.sort()).toEqual([
      'lucide-react',
      'react',
      'react-dom/client',
      'react/jsx-runtime',
    ]);
    expect(prepared.code).toContain('exports.default = A');
    expect(prepared.code).not.toContain('<p');
    expect(prepared.tailwind).toBe(true);
  });

  it('needs no Tailwind without className', () => {
    const prepared = prepareReact('export default () => <p>x</p>;', sucrase);
    expect(prepared.ok && prepared.tailwind).toBe(false);
  });

  it.each([
    [
      "import axios from 'axios';\nexport default function A() { return <p>{String(axios)}</p>; }",
      'Setup Error',
      "'axios'",
    ],
    [
      "import x from './local';\nexport default function A() { return <p>{x}</p>; }",
      'Setup Error',
      "'./local'",
    ],
    ['export default function A() { return <div>; }', 'Setup Error', 'could not be compiled'],
    ['export default function A() { eval("1"); return null; }', 'Security Warning', 'eval()'],
    ['const c = document.cookie; export default () => null;', 'Security Warning', 'cookies'],
  ])('refuses %j with %s', (source, title, text) => {
    const prepared = prepareReact(source, sucrase);
    expect(prepared.ok).toBe(false);
    if (prepared.ok) return;
    expect(prepared.error.title).toBe(title);
    expect(prepared.error.message).toContain(text);
    expect(prepared.error.tips.length).toBeGreaterThan(0);
  });

  it('trusts the service’s security verdict', () => {
    const prepared = prepareReact('export default () => null;', sucrase, 'The component accesses cookies.');
    expect(!prepared.ok && prepared.error.title).toBe('Security Warning');
  });
});
