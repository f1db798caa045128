import { type LoadKind, resolveBareSpecifier, resolveCdnUrl } from './resolve';

const url = (u: string, kind: LoadKind = 'script') => resolveCdnUrl(u, kind)?.url ?? null;

describe('CDN URL → mirror', () => {
  it.each([
    [
      'https://cdnjs.cloudflare.com/ajax/libs/Chart.js/3.9.1/chart.min.js',
      '/mirror/chart.js@3.9.1/dist/chart.min.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/Chart.js/2.9.4/Chart.min.js',
      '/mirror/chart.js@2.9.4/dist/Chart.min.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/Chart.js/4.4.0/chart.umd.min.js',
      '/mirror/chart.js@4.6.1/dist/chart.umd.min.js',
    ],
    ['https://cdn.jsdelivr.net/npm/chart.js', '/mirror/chart.js@4.6.1/dist/chart.umd.min.js'],
    [
      'https://cdn.jsdelivr.net/npm/chart.js@4.4.0/dist/chart.umd.min.js',
      '/mirror/chart.js@4.6.1/dist/chart.umd.min.js',
    ],
    ['https://cdn.jsdelivr.net/npm/chart.js@2.9.4', '/mirror/chart.js@2.9.4/dist/Chart.min.js'],
    [
      'https://unpkg.com/react@18/umd/react.production.min.js',
      '/mirror/react@18.3.1/umd/react.production.min.js',
    ],
    [
      'https://unpkg.com/react-dom@18.2.0/umd/react-dom.development.js',
      '/mirror/react-dom@18.3.1/umd/react-dom.production.min.js',
    ],
    ['https://unpkg.com/@babel/standalone/babel.min.js', '/mirror/@babel/standalone@7.29.13/babel.min.js'],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/babel-standalone/6.26.0/babel.min.js',
      '/mirror/@babel/standalone@7.29.13/babel.min.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/three.js/r128/three.min.js',
      '/mirror/three@0.128.0/build/three.min.js',
    ],
    [
      'https://cdn.jsdelivr.net/npm/three@0.160.0/examples/jsm/controls/OrbitControls.js',
      '/mirror/three@0.160.1/examples/jsm/controls/OrbitControls.js',
    ],
    ['https://cdn.jsdelivr.net/npm/three/build/three.min.js', '/mirror/three@0.160.1/build/three.min.js'],
    ['https://cdn.tailwindcss.com', '/mirror/@tailwindcss/browser@4.3.4/dist/index.global.js'],
    ['https://cdn.tailwindcss.com?plugins=forms', '/mirror/@tailwindcss/browser@4.3.4/dist/index.global.js'],
    ['https://cdn.tailwindcss.com/3.4.1', '/mirror/@tailwindcss/browser@4.3.4/dist/index.global.js'],
    ['https://d3js.org/d3.v7.min.js', '/mirror/d3@7.9.2/dist/d3.min.js'],
    ['https://d3js.org/d3.v5.js', '/mirror/d3@5.16.0/dist/d3.js'],
    ['https://d3js.org/d3.v4.min.js', '/mirror/d3@5.16.0/dist/d3.min.js'],
    ['https://cdnjs.cloudflare.com/ajax/libs/d3/7.8.5/d3.min.js', '/mirror/d3@7.9.2/dist/d3.min.js'],
    ['https://cdn.plot.ly/plotly-2.27.0.min.js', '/mirror/plotly.js-dist-min@4.1.2/plotly.min.js'],
    ['https://cdn.plot.ly/plotly-latest.min.js', '/mirror/plotly.js-dist-min@4.1.2/plotly.min.js'],
    [
      'https://cdn.jsdelivr.net/npm/mermaid@10/dist/mermaid.min.js',
      '/mirror/mermaid@11.17.2/dist/mermaid.min.js',
    ],
    [
      'https://cdn.jsdelivr.net/npm/mermaid@10/dist/mermaid.esm.min.mjs',
      '/mirror/mermaid@11.17.2/dist/mermaid.esm.min.mjs',
    ],
    [
      'https://cdn.jsdelivr.net/npm/katex@0.16.9/dist/katex.min.css',
      '/mirror/katex@0.19.1/dist/katex.min.css',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/KaTeX/0.16.9/katex.min.js',
      '/mirror/katex@0.19.1/dist/katex.min.js',
    ],
    [
      'https://cdn.jsdelivr.net/npm/katex@0.16.9/dist/contrib/auto-render.min.js',
      '/mirror/katex@0.19.1/dist/contrib/auto-render.min.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/font-awesome/6.4.0/css/all.min.css',
      '/mirror/@fortawesome/fontawesome-free@6.7.2/css/all.min.css',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/font-awesome/4.7.0/css/font-awesome.min.css',
      '/mirror/@fortawesome/fontawesome-free@6.7.2/css/all.min.css',
    ],
    ['https://unpkg.com/leaflet@1.9.4/dist/leaflet.css', '/mirror/leaflet@1.9.4/dist/leaflet.css'],
    ['https://unpkg.com/leaflet@1.9.4/dist/leaflet.js', '/mirror/leaflet@1.9.4/dist/leaflet.js'],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/leaflet/1.9.4/leaflet.min.css',
      '/mirror/leaflet@1.9.4/dist/leaflet.css',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/leaflet.markercluster/1.5.3/leaflet.markercluster.min.js',
      '/mirror/leaflet.markercluster@1.5.3/dist/leaflet.markercluster.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/leaflet.markercluster/1.5.3/MarkerCluster.css',
      '/mirror/leaflet.markercluster@1.5.3/dist/MarkerCluster.css',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/leaflet.markercluster/1.4.1/MarkerCluster.Default.css',
      '/mirror/leaflet.markercluster@1.5.3/dist/MarkerCluster.Default.css',
    ],
    [
      'https://unpkg.com/leaflet.markercluster@1.5.3/dist/leaflet.markercluster.js',
      '/mirror/leaflet.markercluster@1.5.3/dist/leaflet.markercluster.js',
    ],
    [
      'https://cdn.jsdelivr.net/npm/leaflet.markercluster@1.5.3/dist/MarkerCluster.Default.css',
      '/mirror/leaflet.markercluster@1.5.3/dist/MarkerCluster.Default.css',
    ],
    [
      'https://unpkg.com/leaflet.markercluster@1.4.1/dist/leaflet.markercluster-src.js',
      '/mirror/leaflet.markercluster@1.5.3/dist/leaflet.markercluster-src.js',
    ],
    ['https://cdn.jsdelivr.net/npm/marked/marked.min.js', '/mirror/marked@15.0.12/marked.min.js'],
    ['https://cdn.jsdelivr.net/npm/marked@4.3.0/marked.min.js', '/mirror/marked@4.3.0/marked.min.js'],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/gsap/3.12.2/gsap.min.js',
      '/mirror/gsap@3.15.0/dist/gsap.min.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/gsap/3.12.2/ScrollTrigger.min.js',
      '/mirror/gsap@3.15.0/dist/ScrollTrigger.min.js',
    ],
    ['https://unpkg.com/lucide@latest', '/mirror/lucide@1.65.0/dist/umd/lucide.min.js'],
    ['https://unpkg.com/lucide@latest/dist/umd/lucide.js', '/mirror/lucide@1.65.0/dist/umd/lucide.min.js'],
    ['https://cdn.jsdelivr.net/npm/p5@1.9.0/lib/p5.min.js', '/mirror/p5@1.11.13/lib/p5.min.js'],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/p5.js/1.9.0/addons/p5.sound.min.js',
      '/mirror/p5@1.11.13/lib/addons/p5.sound.min.js',
    ],
    ['https://cdnjs.cloudflare.com/ajax/libs/tone/14.8.49/Tone.js', '/mirror/tone@15.5.44/build/Tone.js'],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/animejs/3.2.1/anime.min.js',
      '/mirror/animejs@3.2.2/lib/anime.min.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/lodash.js/4.17.21/lodash.min.js',
      '/mirror/lodash@4.18.1/lodash.min.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/PapaParse/5.4.1/papaparse.min.js',
      '/mirror/papaparse@5.7.1/papaparse.min.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/mathjs/11.8.0/math.min.js',
      '/mirror/mathjs@15.2.0/lib/browser/math.js',
    ],
    ['https://code.jquery.com/jquery-3.6.0.min.js', '/mirror/jquery@3.8.0/dist/jquery.min.js'],
    [
      'https://cdn.jsdelivr.net/npm/bootstrap@5.3.0/dist/css/bootstrap.min.css',
      '/mirror/bootstrap@5.3.9/dist/css/bootstrap.min.css',
    ],
    [
      '//cdnjs.cloudflare.com/ajax/libs/lodash.js/4.17.21/lodash.min.js',
      '/mirror/lodash@4.18.1/lodash.min.js',
    ],
  ])('%s', (from, to) => {
    expect(url(from)).toBe(to);
  });

  it.each([
    ['https://esm.sh/react@18', '/mirror/react@18.3.1/+esm/index.js'],
    ['https://esm.sh/react-dom@18.2.0/client', '/mirror/react-dom@18.3.1/+esm/client.js'],
    ['https://esm.sh/v135/react@18.2.0/jsx-runtime', '/mirror/react@18.3.1/+esm/jsx-runtime.js'],
    ['https://cdn.jsdelivr.net/npm/d3@7/+esm', '/mirror/d3@7.9.2/+esm/index.js'],
    ['https://cdn.jsdelivr.net/npm/chart.js@4.4.0/auto/+esm', '/mirror/chart.js@4.6.1/+esm/auto.js'],
    ['https://esm.sh/chart.js@4/auto', '/mirror/chart.js@4.6.1/+esm/auto.js'],
    ['https://unpkg.com/three@0.160.0/build/three.module.js', '/mirror/three@0.160.1/build/three.module.js'],
    ['https://esm.sh/three@0.150.0', '/mirror/three@0.160.1/build/three.module.js'],
    ['https://esm.sh/three', '/mirror/three@0.187.0/build/three.module.js'],
    [
      'https://unpkg.com/three@0.160.0/examples/jsm/controls/OrbitControls.js?module',
      '/mirror/three@0.160.1/examples/jsm/controls/OrbitControls.js',
    ],
    ['https://cdn.skypack.dev/canvas-confetti', '/mirror/canvas-confetti@latest/+esm'],
    ['https://ga.jspm.io/npm:lodash-es@4.17.21/lodash.js', '/mirror/lodash@4.18.1/lodash.js'],
  ])('module %s', (from, to) => {
    expect(url(from, 'module')).toBe(to);
  });

  it('answers Google Fonts CSS from the renderer, query kept', () => {
    expect(
      url('https://fonts.googleapis.com/css2?family=Inter:wght@400;700&family=Roboto&display=swap', 'style'),
    ).toBe('/mirror/google-fonts/css2?family=Inter:wght@400;700&family=Roboto&display=swap');
    expect(url('https://fonts.googleapis.com/css?family=Open+Sans:400,700', 'style')).toBe(
      '/mirror/google-fonts/css?family=Open+Sans:400,700',
    );
  });

  it.each([
    // anime.js: 4 (ES module named exports) for 4 and unversioned, 3 (UMD anime()) for 3.
    [
      'https://cdn.jsdelivr.net/npm/animejs@4/+esm',
      '/mirror/animejs@4.5.0/dist/bundles/anime.esm.min.js',
      'module',
    ],
    ['https://esm.sh/animejs@4.0.2', '/mirror/animejs@4.5.0/dist/bundles/anime.esm.min.js', 'module'],
    [
      'https://cdn.jsdelivr.net/npm/animejs@4.0.0/lib/anime.umd.min.js',
      '/mirror/animejs@4.5.0/dist/bundles/anime.umd.min.js',
      'script',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/animejs/3.2.1/anime.min.js',
      '/mirror/animejs@3.2.2/lib/anime.min.js',
      'script',
    ],
    [
      'https://cdn.jsdelivr.net/npm/animejs/lib/anime.min.js',
      '/mirror/animejs@3.2.2/lib/anime.min.js',
      'script',
    ],
    [
      'https://cdn.jsdelivr.net/npm/animejs@3.2.1/lib/anime.es.js',
      '/mirror/animejs@3.2.2/lib/anime.es.js',
      'module',
    ],
    // D3 plugins, TopoJSON and its maps.
    [
      'https://cdnjs.cloudflare.com/ajax/libs/d3-sankey/0.12.3/d3-sankey.min.js',
      '/mirror/d3-sankey@0.12.3/dist/d3-sankey.min.js',
      'script',
    ],
    ['https://unpkg.com/d3-sankey@0.12', '/mirror/d3-sankey@0.12.3/dist/d3-sankey.min.js', 'script'],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/d3-cloud/1.2.5/d3.layout.cloud.min.js',
      '/mirror/d3-cloud@1.2.9/build/d3.layout.cloud.js',
      'script',
    ],
    [
      'https://cdn.jsdelivr.net/npm/d3-cloud@1/build/d3.layout.cloud.js',
      '/mirror/d3-cloud@1.2.9/build/d3.layout.cloud.js',
      'script',
    ],
    [
      'https://unpkg.com/d3-graphviz@5/build/d3-graphviz.js',
      '/mirror/d3-graphviz@5.6.0/build/d3-graphviz.js',
      'script',
    ],
    [
      'https://cdn.jsdelivr.net/npm/d3-graphviz@5.1.0/build/d3-graphviz.min.js',
      '/mirror/d3-graphviz@5.6.0/build/d3-graphviz.min.js',
      'script',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/d3-graphviz/5.6.0/d3-graphviz.min.js',
      '/mirror/d3-graphviz@5.6.0/build/d3-graphviz.min.js',
      'script',
    ],
    [
      'https://unpkg.com/@hpcc-js/wasm@2/dist/graphviz.umd.js',
      '/mirror/@hpcc-js/wasm@2.35.3/dist/graphviz.umd.js',
      'script',
    ],
    [
      'https://cdn.jsdelivr.net/npm/@hpcc-js/wasm@2.20.0/dist/graphviz.umd.js',
      '/mirror/@hpcc-js/wasm@2.35.3/dist/graphviz.umd.js',
      'script',
    ],
    ['https://unpkg.com/@hpcc-js/wasm@2', '/mirror/@hpcc-js/wasm@2.35.3/dist/graphviz.umd.js', 'script'],
    [
      'https://cdn.jsdelivr.net/npm/@hpcc-js/wasm@2/dist/graphviz.js',
      '/mirror/@hpcc-js/wasm@2.35.3/dist/graphviz.js',
      'module',
    ],
    ['https://esm.sh/@hpcc-js/wasm@2/graphviz', '/mirror/@hpcc-js/wasm@2.35.3/dist/graphviz.js', 'module'],
    [
      'https://cdn.jsdelivr.net/npm/d3-geo-projection@4',
      '/mirror/d3-geo-projection@4.0.0/dist/d3-geo-projection.min.js',
      'script',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/topojson/3.0.2/topojson.min.js',
      '/mirror/topojson@3.0.2/dist/topojson.min.js',
      'script',
    ],
    [
      'https://unpkg.com/topojson-client@3',
      '/mirror/topojson-client@3.1.0/dist/topojson-client.min.js',
      'script',
    ],
    [
      'https://cdn.jsdelivr.net/npm/topojson-client@3/+esm',
      '/mirror/topojson-client@3.1.0/+esm/index.js',
      'module',
    ],
    [
      'https://cdn.jsdelivr.net/npm/world-atlas@2/countries-110m.json',
      '/mirror/world-atlas@2.0.2/countries-110m.json',
      'any',
    ],
    // chroma.js, Day.js, Moment.
    [
      'https://cdnjs.cloudflare.com/ajax/libs/chroma-js/2.4.2/chroma.min.js',
      '/mirror/chroma-js@2.4.2/chroma.min.js',
      'script',
    ],
    ['https://unpkg.com/chroma-js@3', '/mirror/chroma-js@3.2.0/dist/chroma.min.cjs', 'script'],
    [
      'https://cdn.jsdelivr.net/npm/chroma-js@3/chroma.min.js',
      '/mirror/chroma-js@3.2.0/dist/chroma.min.cjs',
      'script',
    ],
    ['https://cdn.jsdelivr.net/npm/dayjs@1/dayjs.min.js', '/mirror/dayjs@1.11.23/dayjs.min.js', 'script'],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/dayjs/1.11.10/plugin/relativeTime.min.js',
      '/mirror/dayjs@1.11.23/plugin/relativeTime.js',
      'script',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/moment.js/2.29.4/moment.min.js',
      '/mirror/moment@2.31.0/min/moment.min.js',
      'script',
    ],
    [
      'https://cdn.jsdelivr.net/npm/moment@2.29.4/moment.min.js',
      '/mirror/moment@2.31.0/min/moment.min.js',
      'script',
    ],
    ['https://esm.sh/dayjs@1.11.10', '/mirror/dayjs@1.11.23/+esm/index.js', 'module'],
  ] as Array<[string, string, LoadKind]>)('serves %s', (u, expected, kind) => {
    expect(url(u, kind)).toBe(expected);
  });

  it.each([
    'https://cdn.jsdelivr.net/npm/world-atlas@2/package.json',
    'https://unpkg.com/@hpcc-js/wasm@2/dist/graphviz.umd.js.map',
    'https://cdn.example.com/lib.js',
    'https://cdn.jsdelivr.net/gh/user/repo@1/x.js',
    'https://cdn.jsdelivr.net/npm/chart.js@4/dist/../../../etc/passwd',
    'https://unpkg.com/react@18/package.json',
    'https://cdnjs.cloudflare.com/ajax/libs/Chart.js/4.4.0/chart.min.js.map',
    'https://fonts.gstatic.com/s/inter/v12/abc.woff2',
    'not a url',
    '/relative/script.js',
  ])('does not serve %s', (u) => {
    expect(url(u)).toBeNull();
  });

  it('maps bare specifiers for import maps, version-matched', () => {
    expect(resolveBareSpecifier('three')?.url).toBe('/mirror/three@0.187.0/build/three.module.js');
    expect(resolveBareSpecifier('three/addons/controls/OrbitControls.js')?.url).toBe(
      '/mirror/three@0.187.0/examples/jsm/controls/OrbitControls.js',
    );
    expect(resolveBareSpecifier('react-dom/client')?.url).toBe('/mirror/react-dom@18.3.1/+esm/client.js');
    expect(resolveBareSpecifier('left-pad')).toBeNull();
  });
});
