/**
 * shadcn/ui components as Claude's artifacts import them (`@/components/ui/<name>`), written for
 * the renderer in src/vendor-src/shadcn and built by scripts/build-shadcn.mjs into ui-<name>.js.
 */
export const SHADCN_UI_COMPONENTS = [
  'accordion',
  'alert',
  'alert-dialog',
  'avatar',
  'badge',
  'button',
  'calendar',
  'card',
  'checkbox',
  'collapsible',
  'dialog',
  'dropdown-menu',
  'hover-card',
  'input',
  'label',
  'menubar',
  'navigation-menu',
  'popover',
  'progress',
  'radio-group',
  'scroll-area',
  'select',
  'separator',
  'sheet',
  'skeleton',
  'slider',
  'switch',
  'table',
  'tabs',
  'textarea',
  'toast',
  'toaster',
  'toggle',
  'toggle-group',
  'tooltip',
  'use-toast',
] as const;

const shadcnEntries = Object.fromEntries(
  SHADCN_UI_COMPONENTS.map((name) => [`@/components/ui/${name}`, `ui-${name}.js`]),
) as { [N in (typeof SHADCN_UI_COMPONENTS)[number] as `@/components/ui/${N}`]: `ui-${N}.js` };

/**
 * The libraries a React artifact may import, each a separately built ES module served by the
 * renderer at /vendor/{file} (scripts/build-assets.mjs builds them; no public CDN). A component
 * loads only the ones it imports; the import map lets the bundles share one React.
 */
export const REACT_LIBRARIES = {
  react: 'react.js',
  'react/jsx-runtime': 'react-jsx-runtime.js',
  'react-dom': 'react-dom.js',
  'react-dom/client': 'react-dom-client.js',
  'lucide-react': 'lucide-react.js',
  recharts: 'recharts.js',
  lodash: 'lodash.js',
  'lodash-es': 'lodash.js',
  d3: 'd3.js',
  papaparse: 'papaparse.js',
  mathjs: 'mathjs.js',
  three: 'three.js',
  'date-fns': 'date-fns.js',
  tone: 'tone.js',
  'chart.js': 'chart-js.js',
  'chart.js/auto': 'chart-js-auto.js',
  'react-markdown': 'react-markdown.js',
  'framer-motion': 'framer-motion.js',
  clsx: 'clsx.js',
  'tailwind-merge': 'tailwind-merge.js',
  'class-variance-authority': 'class-variance-authority.js',
  ...shadcnEntries,
  '@/lib/utils': 'ui-utils.js',
  '@/hooks/use-toast': 'ui-use-toast.js',
} as const satisfies Record<string, string>;

export type ReactLibrary = keyof typeof REACT_LIBRARIES;

/** What every React artifact needs whatever it imports. */
export const REACT_RUNTIME: readonly ReactLibrary[] = ['react', 'react/jsx-runtime', 'react-dom/client'];

/** The names users see in tips (aliases folded). */
export const AVAILABLE_LIBRARY_NAMES = [
  'react',
  'react-dom',
  'lucide-react',
  'recharts',
  'lodash',
  'd3',
  'papaparse',
  'mathjs',
  'three',
  'date-fns',
  'tone',
  'chart.js',
  'react-markdown',
  'framer-motion',
  'clsx',
  'tailwind-merge',
  'class-variance-authority',
  '@/components/ui/* (shadcn/ui)',
  '@/lib/utils (cn)',
];

export const isReactLibrary = (specifier: string): specifier is ReactLibrary =>
  Object.prototype.hasOwnProperty.call(REACT_LIBRARIES, specifier);

const SHADCN_PATH = /^(?:@\/|~\/)?(?:src\/)?((?:components\/ui|lib|hooks)\/[\w-]+?)(?:\.(?:tsx|ts|jsx|js))?$/;

/**
 * The specifier an artifact's import stands for: shadcn paths are accepted the ways projects
 * write them (`components/ui/button`, `@/components/ui/button.tsx`, `~/lib/utils`, `src/...`).
 */
export function canonicalSpecifier(specifier: string): string {
  const m = SHADCN_PATH.exec(specifier);
  const canonical = m ? `@/${m[1] as string}` : specifier;
  return isReactLibrary(canonical) ? canonical : specifier;
}

export const vendorUrl = (file: string): string => `/vendor/${file}`;

/** Browser-side helpers the renderer loads on demand (not importable by artifacts). */
export const RENDERER_VENDOR = {
  sucrase: vendorUrl('sucrase.js'),
  highlight: vendorUrl('highlight.js'),
  marked: vendorUrl('marked.js'),
  tailwind: vendorUrl('tailwind.js'),
  d3Umd: vendorUrl('d3.min.js'),
} as const;

export function importMap(): { imports: Record<string, string> } {
  return {
    imports: Object.fromEntries(
      Object.entries(REACT_LIBRARIES).map(([name, file]) => [name, vendorUrl(file)]),
    ),
  };
}
