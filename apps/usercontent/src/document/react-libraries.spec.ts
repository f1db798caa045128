import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { transform } from 'sucrase';
import { renderableFromSource } from '@core-vault/contracts';
import { findComponent } from '../client/react-runner';
import { buildArtifactDocument } from './build-document';
import {
  AVAILABLE_LIBRARY_NAMES,
  SHADCN_UI_COMPONENTS,
  canonicalSpecifier,
  importMap,
  isReactLibrary,
} from './libraries';
import { type TransformFn, prepareReact } from './react-prepare';

const sucrase: TransformFn = (code, options) => transform(code, options);
const SHADCN_SRC = join(__dirname, '../vendor-src/shadcn');

function prepared(source: string) {
  const result = prepareReact(source, sucrase);
  if (!result.ok) throw new Error(`${result.error.title}: ${result.error.message}`);
  return result;
}

/** Runs the prepared factory the way react-runner does (stub modules) and returns the component. */
function componentOf(source: string): unknown {
  const { code } = prepared(source);
  const module: { exports: Record<string, unknown>; locals?: Record<string, unknown> } = { exports: {} };
  const stub = () => ({ __esModule: true, default: {}, useState: () => [0, () => undefined] });
  // Test only: evaluates our own transpiled fixture, as the runner's script element does.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const factory = new Function('require', 'exports', 'module', code) as (
    require: () => unknown,
    exports: Record<string, unknown>,
    m: typeof module,
  ) => void;
  factory(stub, module.exports, module);
  return findComponent(module.exports, module.locals);
}

const nameOf = (c: unknown) => (typeof c === 'function' ? c.name : undefined);

describe('React artifact libraries', () => {
  it('has a source file for every shadcn/ui module it maps, plus @/lib/utils', () => {
    for (const name of [...SHADCN_UI_COMPONENTS, 'utils'])
      expect(existsSync(join(SHADCN_SRC, `${name}.tsx`))).toBe(true);
    const map = importMap().imports;
    expect(map['@/components/ui/button']).toBe('/vendor/ui-button.js');
    expect(map['@/lib/utils']).toBe('/vendor/ui-utils.js');
    expect(map['chart.js/auto']).toBe('/vendor/chart-js-auto.js');
    for (const lib of [
      'date-fns',
      'tone',
      'chart.js',
      'react-markdown',
      'framer-motion',
      'clsx',
      'tailwind-merge',
    ])
      expect(isReactLibrary(lib) && AVAILABLE_LIBRARY_NAMES.includes(lib)).toBe(true);
  });

  it.each([
    ['@/components/ui/card', '@/components/ui/card'],
    ['components/ui/card', '@/components/ui/card'],
    ['@/components/ui/card.tsx', '@/components/ui/card'],
    ['~/components/ui/card.jsx', '@/components/ui/card'],
    ['src/lib/utils.ts', '@/lib/utils'],
    ['@/components/ui/sidebar', '@/components/ui/sidebar'], // not provided: left as written
    ['./components/ui/card', './components/ui/card'],
    ['date-fns', 'date-fns'],
  ])('reads %s as %s', (specifier, expected) => {
    expect(canonicalSpecifier(specifier)).toBe(expected);
  });
});

describe('prepareReact with Claude-style imports', () => {
  const DASHBOARD = `import React, { useState } from 'react';
import { Card, CardHeader, CardTitle, CardContent } from '@/components/ui/card';
import { Button } from "components/ui/button.tsx";
import { cn } from '@/lib/utils';
import { format } from 'date-fns';
export default function Dashboard() {
  const [n, setN] = useState(0);
  return <Card><CardHeader><CardTitle>{format(new Date(0), 'yyyy')}</CardTitle></CardHeader>
    <CardContent><Button onClick={() => setN(n + 1)}>{cn('a', n > 0 && 'b')}</Button></CardContent></Card>;
}`;

  it('resolves shadcn/ui modules, @/lib/utils and date-fns, under the import map’s names', () => {
    const { imports, code } = prepared(DASHBOARD);
    expect(imports).toEqual(
      expect.arrayContaining(['@/components/ui/card', '@/components/ui/button', '@/lib/utils', 'date-fns']),
    );
    expect(code).toContain("require('@/components/ui/button')");
    expect(code).not.toContain('button.tsx');
  });

  it('loads Tailwind for shadcn components even without a className of its own', () => {
    const src = `import { Button } from '@/components/ui/button';\nexport default () => <Button>Go</Button>;`;
    expect(prepared(src).tailwind).toBe(true);
  });

  it('still refuses a module that does not exist', () => {
    const result = prepareReact(
      `import { Sidebar } from '@/components/ui/sidebar';\nexport default Sidebar;`,
      sucrase,
    );
    expect(!result.ok && result.error.message).toContain("'@/components/ui/sidebar'");
  });

  it.each([
    ['export default function', 'export default function Main() { return <p />; }', 'Main'],
    ['const App, export default App', 'const App = () => <p />;\nexport default App;', 'App'],
    [
      'a named export only',
      'const rows = [1];\nexport function Dashboard() { return <p>{rows}</p>; }',
      'Dashboard',
    ],
    [
      'function App without export',
      'function Helper() { return null; }\nfunction App() { return <Helper />; }',
      'App',
    ],
    [
      'the last declared component without export',
      'const COLORS = ["red"];\nclass Particle {}\nconst Row = () => <li />;\nconst Board = () => <ul><Row /></ul>;',
      'Board',
    ],
    ['TypeScript component without export', 'const Tracker: React.FC = (): JSX.Element => <p />;', 'Tracker'],
  ])('finds the component: %s', (_, source, expected) => {
    expect(nameOf(componentOf(`import React from 'react';\n${source}`))).toBe(expected);
  });

  it('finds nothing in a file without a component', () => {
    expect(componentOf('const value = 42;\nexport const notAComponent = value;')).toBeUndefined();
  });
});

describe('the React document', () => {
  it('defines shadcn’s tokens for Tailwind, light by default and dark with the frame', () => {
    const react = prepareReact(`export default () => <p className="bg-background">x</p>;`, sucrase);
    const artifact = { ...renderableFromSource('REACT', 'x'), title: 'T' };
    const doc = buildArtifactDocument(artifact, {
      mode: 'frame',
      theme: 'dark',
      parentOrigin: 'http://a',
      react,
    });
    const style = /<style type="text\/tailwindcss">([\s\S]*?)<\/style>/.exec(doc)?.[1] ?? '';
    expect(style).toContain('--color-primary:hsl(var(--primary))');
    expect(style).toContain(':root{--background:0 0% 100%');
    expect(style).toContain('[data-theme=dark],.dark{--background:222.2 84% 4.9%');
    expect(doc.indexOf('text/tailwindcss')).toBeLessThan(doc.indexOf('/vendor/tailwind.js'));
    expect(doc).toContain('data-theme="dark"');
  });
});
