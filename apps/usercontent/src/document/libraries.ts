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
];

export const isReactLibrary = (specifier: string): specifier is ReactLibrary =>
  Object.prototype.hasOwnProperty.call(REACT_LIBRARIES, specifier);

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
