/**
 * The mirror's data: every library, its served versions (exact, as installed in
 * apps/usercontent/mirror), licence, files and CDN names. manifest.ts holds the lookups; both
 * are bundled into the frame, so no Node APIs here. See manifest.ts for the URL layout.
 */

export interface MirrorVersion {
  /** Exact version, as in the mirror's node_modules/{dir}/package.json. */
  version: string;
  /** Folder under apps/usercontent/mirror/node_modules (npm aliases install majors side by side). */
  dir: string;
  /**
   * The file a CDN URL without a path answers (a script tag wants the UMD/global build). None:
   * the version has no global build (three 0.187), so an unversioned request uses an older one.
   */
  main?: string;
  /**
   * The ES module entry (esm.sh, jsDelivr's /+esm, a module script importing the bare package),
   * and sub-entries by subpath ('client' for react-dom/client). A '+esm/…' file is built by
   * build-mirror.mjs from `bundles`; anything else is a file of the package.
   */
  module?: string;
  submodules?: Record<string, string>;
  /** '+esm' output file → entry inside the package, bundled by esbuild (one shared graph). */
  bundles?: Record<string, string>;
  /** Package files/folders served ('dir/' = everything below, '*' = one path segment). */
  serve: string[];
  /** Paths CDN URLs use that this version answers from another file (renamed or unminified). */
  alias?: Record<string, string>;
  /** Folders whose files are minified under their plain names: cdnjs's "x.min.js" is "x.js". */
  minDirs?: string[];
  /** Package subpath prefixes the package's exports map elsewhere ('addons/' → 'examples/jsm/'). */
  exportDirs?: Record<string, string>;
}

export interface MirrorLibrary {
  /** npm name; the /mirror/{name}@… path segment. */
  name: string;
  title: string;
  /** The package's `license` field. */
  licence: string;
  /** Other npm names CDN URLs use for the same library. */
  aliases?: string[];
  /** cdnjs library names and the package folder cdnjs's files live in. */
  cdnjs?: { names: string[]; root: string };
  /** Which part of the version decides compatibility: three.js breaks on 0.x minors. */
  line?: 'major' | 'minor';
  /** Newest first. */
  versions: MirrorVersion[];
}

const FONT_FAMILIES: Array<[family: string, version: string]> = [
  ['Inter', '5.3.0'],
  ['Roboto', '5.3.0'],
  ['Open Sans', '5.3.0'],
  ['Poppins', '5.3.0'],
  ['Montserrat', '5.3.0'],
  ['Lato', '5.3.0'],
  ['JetBrains Mono', '5.3.0'],
  ['Fira Code', '5.3.0'],
  ['Playfair Display', '5.3.0'],
  ['Nunito', '5.3.0'],
  ['Space Grotesk', '5.3.0'],
  ['IBM Plex Sans', '5.3.0'],
  ['IBM Plex Mono', '5.3.0'],
  ['Source Sans 3', '5.3.1'],
  ['Raleway', '5.3.0'],
  ['DM Sans', '5.3.0'],
  ['Merriweather', '5.3.0'],
  ['Orbitron', '5.3.0'],
  ['Press Start 2P', '5.3.0'],
];

/** Google Fonts family name → its @fontsource package id ("Source Sans 3" → source-sans-3). */
export const fontId = (family: string) => family.trim().toLowerCase().replace(/\s+/g, '-');

export const MIRROR_FONTS = FONT_FAMILIES.map(([family, version]) => ({
  family,
  id: fontId(family),
  package: `@fontsource/${fontId(family)}`,
  version,
}));

const fontLibraries: MirrorLibrary[] = MIRROR_FONTS.map((f) => ({
  name: f.package,
  title: `${f.family} (font)`,
  licence: 'OFL-1.1',
  // Latin subset only: other scripts fall back to system fonts glyph by glyph.
  versions: [{ version: f.version, dir: f.package, serve: ['files/*-latin-*.woff2'] }],
}));

const chartAlias = { 'dist/chart.min.js': 'dist/chart.umd.min.js', 'dist/chart.js': 'dist/chart.umd.min.js' };

export const MIRROR_LIBRARIES: MirrorLibrary[] = [
  {
    name: 'chart.js',
    title: 'Chart.js',
    licence: 'MIT',
    cdnjs: { names: ['Chart.js', 'chart.js'], root: 'dist/' },
    versions: [
      {
        version: '4.6.1',
        dir: 'chartjs-4',
        main: 'dist/chart.umd.min.js',
        module: '+esm/index.js',
        submodules: { auto: '+esm/auto.js', helpers: '+esm/helpers.js' },
        bundles: {
          'index.js': 'dist/chart.js',
          'auto.js': 'auto/auto.js',
          'helpers.js': 'helpers/helpers.js',
        },
        serve: ['dist/chart.umd.min.js'],
        alias: { ...chartAlias, 'dist/chart.umd.js': 'dist/chart.umd.min.js' },
      },
      {
        version: '3.9.1',
        dir: 'chartjs-3',
        main: 'dist/chart.min.js',
        module: '+esm/index.js',
        submodules: { auto: '+esm/auto.js', helpers: '+esm/helpers.js' },
        bundles: {
          'index.js': 'dist/chart.mjs',
          'auto.js': 'auto/auto.mjs',
          'helpers.js': 'helpers/helpers.mjs',
        },
        serve: ['dist/chart.min.js', 'dist/chart.js'],
      },
      {
        version: '2.9.4',
        dir: 'chartjs-2',
        main: 'dist/Chart.min.js',
        serve: ['dist/*.js', 'dist/*.css'],
        alias: { 'dist/chart.min.js': 'dist/Chart.min.js', 'dist/chart.js': 'dist/Chart.js' },
      },
    ],
  },
  {
    name: 'd3',
    title: 'D3',
    licence: 'ISC (7), BSD-3-Clause (5, 6)',
    cdnjs: { names: ['d3'], root: 'dist/' },
    versions: [
      {
        version: '7.9.2',
        dir: 'd3-7',
        main: 'dist/d3.min.js',
        module: '+esm/index.js',
        bundles: { 'index.js': 'dist/d3.mjs' },
        serve: ['dist/d3.min.js', 'dist/d3.js'],
        alias: { 'dist/d3.mjs': '+esm/index.js', 'dist/d3.min.mjs': '+esm/index.js' },
      },
      {
        version: '6.7.0',
        dir: 'd3-6',
        main: 'dist/d3.min.js',
        module: '+esm/index.js',
        bundles: { 'index.js': 'index.js' },
        serve: ['dist/d3.min.js', 'dist/d3.js'],
      },
      {
        version: '5.16.0',
        dir: 'd3-5',
        main: 'dist/d3.min.js',
        module: '+esm/index.js',
        bundles: { 'index.js': 'index.js' },
        serve: ['dist/d3.min.js', 'dist/d3.js'],
      },
    ],
  },
  // D3 plugins: their UMD builds extend the d3 global (load after d3, as on the CDNs).
  {
    name: 'd3-sankey',
    title: 'd3-sankey',
    licence: 'BSD-3-Clause',
    cdnjs: { names: ['d3-sankey'], root: 'dist/' },
    versions: [
      {
        version: '0.12.3',
        dir: 'd3-sankey',
        main: 'dist/d3-sankey.min.js',
        module: '+esm/index.js',
        bundles: { 'index.js': 'src/index.js' },
        serve: ['dist/'],
      },
    ],
  },
  {
    name: 'd3-cloud',
    title: 'd3-cloud (word clouds)',
    licence: 'BSD-3-Clause',
    cdnjs: { names: ['d3-cloud'], root: 'build/' },
    versions: [
      {
        version: '1.2.9',
        dir: 'd3-cloud',
        main: 'build/d3.layout.cloud.js',
        module: '+esm/index.js',
        bundles: { 'index.js': 'index.js' },
        serve: ['build/d3.layout.cloud.js'],
        alias: {
          'd3.layout.cloud.js': 'build/d3.layout.cloud.js',
          'build/d3.layout.cloud.min.js': 'build/d3.layout.cloud.js',
        },
      },
    ],
  },
  {
    name: 'd3-geo-projection',
    title: 'd3-geo-projection',
    licence: 'ISC',
    cdnjs: { names: ['d3-geo-projection'], root: 'dist/' },
    versions: [
      {
        version: '4.0.0',
        dir: 'd3-geo-projection',
        main: 'dist/d3-geo-projection.min.js',
        module: '+esm/index.js',
        bundles: { 'index.js': 'src/index.js' },
        serve: ['dist/'],
      },
    ],
  },
  {
    name: 'd3-graphviz',
    title: 'd3-graphviz (Graphviz DOT in D3)',
    licence: 'BSD-3-Clause',
    cdnjs: { names: ['d3-graphviz'], root: 'build/' },
    versions: [
      {
        // The UMD build carries its own Graphviz (@hpcc-js/wasm, the wasm inlined): no .wasm
        // fetch; compiling it needs the CSP's 'wasm-unsafe-eval'.
        version: '5.6.0',
        dir: 'd3-graphviz',
        main: 'build/d3-graphviz.min.js',
        serve: ['build/d3-graphviz.js', 'build/d3-graphviz.min.js'],
      },
    ],
  },
  {
    name: '@hpcc-js/wasm',
    title: '@hpcc-js/wasm (Graphviz; wasm inlined in the JS)',
    licence: 'Apache-2.0',
    versions: [
      {
        // Graphviz, Expat, Zstd, Base91 as UMD and ES modules; DuckDB (7.5 MB) left out. The
        // package's own UMD entry (dist/index.umd.js) finds none of them as a script, so a bare
        // script URL gets Graphviz (global "@hpcc-js/wasm/graphviz").
        version: '2.35.3',
        dir: '@hpcc-js/wasm',
        main: 'dist/graphviz.umd.js',
        module: 'dist/index.js',
        submodules: {
          graphviz: 'dist/graphviz.js',
          expat: 'dist/expat.js',
          zstd: 'dist/zstd.js',
          base91: 'dist/base91.js',
        },
        serve: [
          'dist/index.js',
          'dist/index.umd.js',
          ...['graphviz', 'expat', 'zstd', 'base91'].flatMap((n) => [`dist/${n}.js`, `dist/${n}.umd.js`]),
        ],
      },
    ],
  },
  {
    name: 'topojson-client',
    title: 'TopoJSON client',
    licence: 'ISC',
    cdnjs: { names: ['topojson-client'], root: 'dist/' },
    versions: [
      {
        version: '3.1.0',
        dir: 'topojson-client',
        main: 'dist/topojson-client.min.js',
        module: '+esm/index.js',
        bundles: { 'index.js': 'src/index.js' },
        serve: ['dist/'],
      },
    ],
  },
  {
    name: 'topojson',
    title: 'TopoJSON (client, server, simplify)',
    licence: 'BSD-3-Clause',
    cdnjs: { names: ['topojson'], root: 'dist/' },
    versions: [
      {
        version: '3.0.2',
        dir: 'topojson',
        main: 'dist/topojson.min.js',
        module: '+esm/index.js',
        bundles: { 'index.js': 'index.js' },
        serve: ['dist/topojson.min.js', 'dist/topojson.js'],
      },
    ],
  },
  {
    // Data, not code: the maps D3 pages fetch (countries-110m.json…), answered same-origin.
    name: 'world-atlas',
    title: 'World Atlas TopoJSON',
    licence: 'ISC',
    versions: [{ version: '2.0.2', dir: 'world-atlas', serve: ['*.json'] }],
  },
  {
    name: 'three',
    title: 'Three.js',
    licence: 'MIT',
    cdnjs: { names: ['three.js'], root: 'build/' },
    line: 'minor',
    versions: [
      {
        version: '0.187.0',
        dir: 'three',
        module: 'build/three.module.js',
        submodules: { webgpu: 'build/three.webgpu.js', tsl: 'build/three.tsl.js' },
        exportDirs: { 'addons/': 'examples/jsm/' },
        serve: [
          'build/three.module.js',
          'build/three.core.js',
          'build/three.webgpu.js',
          'build/three.webgpu.nodes.js',
          'build/three.tsl.js',
          'build/three.cjs',
          'examples/jsm/',
          'examples/fonts/',
        ],
      },
      {
        version: '0.160.1',
        dir: 'three-160',
        main: 'build/three.min.js',
        module: 'build/three.module.js',
        exportDirs: { 'addons/': 'examples/jsm/' },
        serve: ['build/*.js', 'examples/jsm/', 'examples/fonts/'],
      },
      {
        version: '0.128.0',
        dir: 'three-128',
        main: 'build/three.min.js',
        module: 'build/three.module.js',
        serve: ['build/', 'examples/jsm/', 'examples/js/', 'examples/fonts/'],
      },
    ],
  },
  {
    name: 'react',
    title: 'React (UMD)',
    licence: 'MIT',
    cdnjs: { names: ['react'], root: '' },
    versions: [
      {
        version: '18.3.1',
        dir: 'react-18',
        main: 'umd/react.production.min.js',
        module: '+esm/index.js',
        submodules: { 'jsx-runtime': '+esm/jsx-runtime.js' },
        bundles: { 'index.js': 'index.js', 'jsx-runtime.js': 'jsx-runtime.js' },
        serve: ['umd/react.production.min.js', 'umd/react.development.js'],
        // Development builds only add warnings; the production build behaves the same.
        alias: { 'umd/react.development.js': 'umd/react.production.min.js' },
      },
    ],
  },
  {
    name: 'react-dom',
    title: 'React DOM (UMD)',
    licence: 'MIT',
    cdnjs: { names: ['react-dom'], root: '' },
    versions: [
      {
        version: '18.3.1',
        dir: 'react-dom-18',
        main: 'umd/react-dom.production.min.js',
        module: '+esm/index.js',
        submodules: { client: '+esm/client.js' },
        bundles: { 'index.js': 'index.js', 'client.js': 'client.js' },
        serve: ['umd/react-dom.production.min.js'],
        alias: { 'umd/react-dom.development.js': 'umd/react-dom.production.min.js' },
      },
    ],
  },
  {
    name: '@babel/standalone',
    title: 'Babel standalone',
    licence: 'MIT',
    aliases: ['babel-standalone'],
    cdnjs: { names: ['babel-standalone'], root: '' },
    versions: [
      {
        version: '7.29.13',
        dir: 'babel-standalone-7',
        main: 'babel.min.js',
        serve: ['babel.min.js'],
        alias: { 'babel.js': 'babel.min.js' },
      },
    ],
  },
  {
    name: 'katex',
    title: 'KaTeX',
    licence: 'MIT',
    cdnjs: { names: ['KaTeX', 'katex'], root: 'dist/' },
    versions: [
      {
        version: '0.19.1',
        dir: 'katex',
        main: 'dist/katex.min.js',
        module: 'dist/katex.mjs',
        submodules: { 'contrib/auto-render': 'dist/contrib/auto-render.mjs' },
        serve: ['dist/*.js', 'dist/*.mjs', 'dist/*.css', 'dist/contrib/', 'dist/fonts/'],
      },
    ],
  },
  {
    name: 'plotly.js-dist-min',
    title: 'Plotly',
    licence: 'MIT',
    aliases: ['plotly.js', 'plotly.js-dist', 'plotly.js-basic-dist-min', 'plotly.js-basic-dist'],
    cdnjs: { names: ['plotly.js'], root: '' },
    versions: [
      {
        version: '4.1.2',
        dir: 'plotly.js-dist-min',
        main: 'plotly.min.js',
        serve: ['plotly.min.js'],
        alias: {
          'plotly.js': 'plotly.min.js',
          'dist/plotly.min.js': 'plotly.min.js',
          'dist/plotly.js': 'plotly.min.js',
          'plotly-basic.min.js': 'plotly.min.js',
          'dist/plotly-basic.min.js': 'plotly.min.js',
        },
      },
    ],
  },
  {
    name: 'mermaid',
    title: 'Mermaid',
    licence: 'MIT',
    cdnjs: { names: ['mermaid'], root: 'dist/' },
    versions: [
      {
        version: '11.17.2',
        dir: 'mermaid',
        main: 'dist/mermaid.min.js',
        module: 'dist/mermaid.esm.min.mjs',
        serve: ['dist/mermaid.min.js', 'dist/mermaid.esm.min.mjs', 'dist/chunks/mermaid.esm.min/'],
        alias: {
          'dist/mermaid.js': 'dist/mermaid.min.js',
          'dist/mermaid.esm.mjs': 'dist/mermaid.esm.min.mjs',
        },
      },
    ],
  },
  {
    name: 'p5',
    title: 'p5.js',
    licence: 'LGPL-2.1',
    cdnjs: { names: ['p5.js'], root: 'lib/' },
    versions: [{ version: '1.11.13', dir: 'p5', main: 'lib/p5.min.js', serve: ['lib/'] }],
  },
  {
    name: 'animejs',
    title: 'anime.js',
    licence: 'MIT',
    cdnjs: { names: ['animejs'], root: 'lib/' },
    versions: [
      {
        // 4 is another API (named exports: animate, stagger…; the global is a namespace, not
        // a function): only asked-for 4 (or no version, as the CDNs answer) gets it.
        version: '4.5.0',
        dir: 'animejs-4',
        main: 'dist/bundles/anime.umd.min.js',
        module: 'dist/bundles/anime.esm.min.js',
        serve: ['dist/bundles/'],
        // 4.0's layout (lib/), and cdnjs's file names under the library's cdnjs root.
        alias: {
          'lib/anime.esm.js': 'dist/bundles/anime.esm.js',
          'lib/anime.esm.min.js': 'dist/bundles/anime.esm.min.js',
          'lib/anime.umd.js': 'dist/bundles/anime.umd.js',
          'lib/anime.umd.min.js': 'dist/bundles/anime.umd.min.js',
          'lib/anime.iife.js': 'dist/bundles/anime.umd.js',
          'lib/anime.iife.min.js': 'dist/bundles/anime.umd.min.js',
          'dist/bundles/anime.iife.min.js': 'dist/bundles/anime.umd.min.js',
        },
      },
      {
        version: '3.2.2',
        dir: 'animejs-3',
        main: 'lib/anime.min.js',
        module: 'lib/anime.es.js',
        serve: ['lib/'],
      },
    ],
  },
  {
    name: 'gsap',
    title: 'GSAP',
    licence: "Standard 'no charge' license: https://gsap.com/standard-license.",
    cdnjs: { names: ['gsap'], root: 'dist/' },
    versions: [
      {
        version: '3.15.0',
        dir: 'gsap',
        main: 'dist/gsap.min.js',
        module: 'index.js',
        serve: ['dist/*.js', '*.js', 'utils/'],
      },
    ],
  },
  {
    name: 'leaflet',
    title: 'Leaflet',
    licence: 'BSD-2-Clause',
    cdnjs: { names: ['leaflet'], root: 'dist/' },
    versions: [
      {
        version: '1.9.4',
        dir: 'leaflet',
        main: 'dist/leaflet.js',
        module: 'dist/leaflet-src.esm.js',
        serve: ['dist/*.js', 'dist/*.css', 'dist/images/'],
        // cdnjs also lists minified names the package does not have.
        alias: { 'dist/leaflet.min.js': 'dist/leaflet.js', 'dist/leaflet.min.css': 'dist/leaflet.css' },
      },
    ],
  },
  {
    name: 'leaflet.markercluster',
    title: 'Leaflet.markercluster (load after Leaflet)',
    licence: 'MIT',
    cdnjs: { names: ['leaflet.markercluster'], root: 'dist/' },
    versions: [
      {
        version: '1.5.3',
        dir: 'leaflet.markercluster',
        main: 'dist/leaflet.markercluster.js',
        serve: ['dist/*.js', 'dist/*.css'],
        // cdnjs's minified names: the package's leaflet.markercluster.js is the minified build.
        alias: {
          'dist/leaflet.markercluster.min.js': 'dist/leaflet.markercluster.js',
          'dist/leaflet.markercluster-src.min.js': 'dist/leaflet.markercluster.js',
        },
      },
    ],
  },
  {
    name: '@fortawesome/fontawesome-free',
    title: 'Font Awesome Free',
    licence: '(CC-BY-4.0 AND OFL-1.1 AND MIT)',
    aliases: ['font-awesome', '@fortawesome/fontawesome'],
    cdnjs: { names: ['font-awesome'], root: '' },
    versions: [
      {
        version: '6.7.2',
        dir: '@fortawesome/fontawesome-free',
        main: 'css/all.min.css',
        serve: ['css/', 'js/', 'webfonts/'],
        // Font Awesome 4 and 5 pages: 6's all.css keeps their class names (fa, fas, fa-home…).
        alias: { 'css/font-awesome.min.css': 'css/all.min.css', 'css/font-awesome.css': 'css/all.min.css' },
      },
    ],
  },
  {
    name: 'lucide',
    title: 'Lucide',
    licence: 'ISC',
    versions: [
      {
        version: '1.65.0',
        dir: 'lucide',
        main: 'dist/umd/lucide.min.js',
        module: '+esm/index.js',
        bundles: { 'index.js': 'dist/esm/lucide.mjs' },
        serve: ['dist/umd/'],
        alias: { 'dist/umd/lucide.js': 'dist/umd/lucide.min.js' },
      },
    ],
  },
  {
    name: 'marked',
    title: 'marked',
    licence: 'MIT',
    cdnjs: { names: ['marked'], root: '' },
    versions: [
      {
        version: '15.0.12',
        dir: 'marked',
        main: 'marked.min.js',
        module: 'lib/marked.esm.js',
        serve: ['marked.min.js', 'lib/*.js'],
      },
      {
        version: '4.3.0',
        dir: 'marked-4',
        main: 'marked.min.js',
        module: 'lib/marked.esm.js',
        serve: ['marked.min.js', 'lib/*.js'],
      },
    ],
  },
  {
    name: 'lodash',
    title: 'Lodash',
    licence: 'MIT',
    aliases: ['lodash-es'],
    cdnjs: { names: ['lodash.js'], root: '' },
    versions: [
      {
        version: '4.18.1',
        dir: 'lodash',
        main: 'lodash.min.js',
        module: '+esm/index.js',
        bundles: { 'index.js': 'lodash.js' },
        serve: ['lodash.min.js', 'lodash.js', 'core.min.js', 'fp.js'],
      },
    ],
  },
  {
    name: 'papaparse',
    title: 'PapaParse',
    licence: 'MIT',
    cdnjs: { names: ['PapaParse', 'papaparse'], root: '' },
    versions: [
      {
        version: '5.7.1',
        dir: 'papaparse',
        main: 'papaparse.min.js',
        module: '+esm/index.js',
        bundles: { 'index.js': 'papaparse.js' },
        serve: ['papaparse.min.js', 'papaparse.js'],
      },
    ],
  },
  {
    name: 'mathjs',
    title: 'math.js',
    licence: 'Apache-2.0',
    cdnjs: { names: ['mathjs'], root: 'lib/browser/' },
    versions: [
      {
        version: '15.2.0',
        dir: 'mathjs',
        main: 'lib/browser/math.js',
        module: '+esm/index.js',
        bundles: { 'index.js': 'lib/esm/index.js' },
        serve: ['lib/browser/math.js'],
        alias: {
          'lib/browser/math.min.js': 'lib/browser/math.js',
          'dist/math.min.js': 'lib/browser/math.js',
          'dist/math.js': 'lib/browser/math.js',
        },
      },
    ],
  },
  {
    name: 'tone',
    title: 'Tone.js',
    licence: 'MIT',
    cdnjs: { names: ['tone'], root: 'build/' },
    versions: [
      {
        version: '15.5.44',
        dir: 'tone',
        main: 'build/Tone.js',
        module: '+esm/index.js',
        bundles: { 'index.js': 'build/esm/index.js' },
        serve: ['build/Tone.js'],
        alias: { 'build/Tone.min.js': 'build/Tone.js' },
      },
    ],
  },
  {
    name: 'chroma-js',
    title: 'chroma.js',
    licence: '(BSD-3-Clause AND Apache-2.0)',
    cdnjs: { names: ['chroma-js'], root: '' },
    versions: [
      {
        version: '3.2.0',
        dir: 'chroma-js',
        main: 'dist/chroma.min.cjs',
        module: '+esm/index.js',
        bundles: { 'index.js': 'index.js' },
        serve: ['dist/chroma.min.cjs', 'dist/chroma-light.min.cjs'],
        // 2.x's file names; 3's UMD builds carry a .cjs extension.
        alias: {
          'chroma.min.js': 'dist/chroma.min.cjs',
          'chroma.js': 'dist/chroma.min.cjs',
          'dist/chroma.min.js': 'dist/chroma.min.cjs',
          'dist/chroma.js': 'dist/chroma.min.cjs',
          'dist/chroma.cjs': 'dist/chroma.min.cjs',
          'chroma-light.min.js': 'dist/chroma-light.min.cjs',
        },
      },
      {
        version: '2.4.2',
        dir: 'chroma-js-2',
        main: 'chroma.min.js',
        module: '+esm/index.js',
        bundles: { 'index.js': 'chroma.js' },
        serve: ['chroma.min.js', 'chroma-light.min.js'],
        alias: { 'chroma.js': 'chroma.min.js', 'chroma-light.js': 'chroma-light.min.js' },
      },
    ],
  },
  {
    name: 'dayjs',
    title: 'Day.js',
    licence: 'MIT',
    cdnjs: { names: ['dayjs'], root: '' },
    versions: [
      {
        version: '1.11.23',
        dir: 'dayjs',
        main: 'dayjs.min.js',
        module: '+esm/index.js',
        bundles: { 'index.js': 'esm/index.js' },
        // Plugins and locales are UMD files extending the dayjs global (already minified).
        serve: ['dayjs.min.js', 'plugin/*.js', 'locale/*.js'],
        minDirs: ['plugin/', 'locale/'],
        alias: { 'dayjs.js': 'dayjs.min.js' },
      },
    ],
  },
  {
    name: 'moment',
    title: 'Moment.js',
    licence: 'MIT',
    cdnjs: { names: ['moment.js'], root: 'min/' },
    versions: [
      {
        version: '2.31.0',
        dir: 'moment',
        main: 'min/moment.min.js',
        module: '+esm/index.js',
        bundles: { 'index.js': 'dist/moment.js' },
        serve: ['min/moment.min.js', 'min/moment-with-locales.min.js', 'min/locales.min.js', 'locale/*.js'],
        alias: {
          'moment.js': 'min/moment.min.js',
          'moment.min.js': 'min/moment.min.js',
          'min/moment.js': 'min/moment.min.js',
          'min/moment-with-locales.js': 'min/moment-with-locales.min.js',
          'moment-with-locales.min.js': 'min/moment-with-locales.min.js',
          'min/locales.js': 'min/locales.min.js',
        },
      },
    ],
  },
  {
    name: 'jquery',
    title: 'jQuery',
    licence: 'MIT',
    cdnjs: { names: ['jquery'], root: 'dist/' },
    versions: [
      {
        version: '3.8.0',
        dir: 'jquery',
        main: 'dist/jquery.min.js',
        module: '+esm/index.js',
        bundles: { 'index.js': 'dist/jquery.js' },
        serve: ['dist/*.js'],
      },
    ],
  },
  {
    name: 'bootstrap',
    title: 'Bootstrap',
    licence: 'MIT',
    cdnjs: { names: ['bootstrap', 'twitter-bootstrap'], root: 'dist/' },
    versions: [
      {
        version: '5.3.9',
        dir: 'bootstrap',
        main: 'dist/css/bootstrap.min.css',
        serve: ['dist/css/*.css', 'dist/js/*.js'],
      },
    ],
  },
  {
    name: '@tailwindcss/browser',
    title: 'Tailwind CSS (browser build, for the Play CDN)',
    licence: 'MIT',
    versions: [
      {
        version: '4.3.4',
        dir: '@tailwindcss/browser',
        main: 'dist/index.global.js',
        serve: ['dist/index.global.js'],
      },
    ],
  },
  ...fontLibraries,
];
