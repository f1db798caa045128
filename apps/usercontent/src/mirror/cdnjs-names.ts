/**
 * cdnjs libraries whose npm package has another name, or whose cdnjs files sit in a folder of the
 * package that the file name alone does not find (several folders hold a file of that name).
 * Everything else on cdnjs is looked up by its own name on npm (lower-cased), and a cdnjs file is
 * found in the package's layout by name (server/npm-routes.ts: `+cdnjs`). Pinned libraries
 * (packages.ts) carry their cdnjs names themselves. Pure data: bundled into the frame.
 */
export interface CdnjsName {
  /** The npm package. */
  npm: string;
  /** The package folder cdnjs's files come from, tried first. */
  root?: string;
  /** From this major on, another npm package (popper.js 2 is @popperjs/core). */
  fromMajor?: { major: number; npm: string; root?: string };
}

export const CDNJS_NAMES: Readonly<Record<string, CdnjsName>> = {
  ace: { npm: 'ace-builds', root: 'src-min-noconflict/' },
  bodymovin: { npm: 'lottie-web', root: 'build/player/' },
  'cannon.js': { npm: 'cannon', root: 'build/' },
  'clipboard.js': { npm: 'clipboard', root: 'dist/' },
  'dat-gui': { npm: 'dat.gui', root: 'build/' },
  'fabric.js': { npm: 'fabric', root: 'dist/' },
  FileSaver: { npm: 'file-saver', root: 'dist/' },
  'FileSaver.js': { npm: 'file-saver', root: 'dist/' },
  foundation: { npm: 'foundation-sites', root: 'dist/' },
  'hammer.js': { npm: 'hammerjs' },
  'highlight.js': { npm: '@highlightjs/cdn-assets' },
  htmx: { npm: 'htmx.org', root: 'dist/' },
  'interact.js': { npm: 'interactjs', root: 'dist/' },
  jqueryui: { npm: 'jquery-ui', root: 'dist/' },
  materialize: { npm: 'materialize-css', root: 'dist/' },
  normalize: { npm: 'normalize.css' },
  'numeral.js': { npm: 'numeral', root: 'min/' },
  'paper.js': { npm: 'paper', root: 'dist/' },
  'pdf.js': { npm: 'pdfjs-dist', root: 'build/' },
  'popper.js': {
    npm: 'popper.js',
    root: 'dist/',
    fromMajor: { major: 2, npm: '@popperjs/core', root: 'dist/' },
  },
  prism: { npm: 'prismjs' },
  ScrollMagic: { npm: 'scrollmagic', root: 'scrollmagic/minified/' },
  'semantic-ui': { npm: 'semantic-ui-css' },
  'sigma.js': { npm: 'sigma', root: 'build/' },
  socket: { npm: 'socket.io-client', root: 'dist/' },
  'socket.io': { npm: 'socket.io-client', root: 'dist/' },
  Sortable: { npm: 'sortablejs' },
  'stats.js': { npm: 'stats.js', root: 'build/' },
  Swiper: { npm: 'swiper' },
  tinycolor: { npm: 'tinycolor2', root: 'dist/' },
  'toastr.js': { npm: 'toastr', root: 'build/' },
  'tween.js': { npm: '@tweenjs/tween.js', root: 'dist/' },
  'underscore.js': { npm: 'underscore' },
  'vis-network': { npm: 'vis-network' },
  'vue-router': { npm: 'vue-router', root: 'dist/' },
};

/** The npm package (and folder hint) for a cdnjs library name at a version. */
export function cdnjsPackage(library: string, version: string): { npm: string; root: string } {
  const entry = CDNJS_NAMES[library];
  if (!entry) return { npm: library.toLowerCase(), root: '' };
  const major = Number(/^\D*(\d+)/.exec(version)?.[1] ?? NaN);
  const which = entry.fromMajor && major >= entry.fromMajor.major ? entry.fromMajor : entry;
  return { npm: which.npm, root: which.root ?? '' };
}

/** The folder hint for a package's cdnjs files, by npm name (the server's file search). */
export function cdnjsRootOf(npm: string): string {
  for (const entry of Object.values(CDNJS_NAMES)) {
    if (entry.npm === npm) return entry.root ?? '';
    if (entry.fromMajor?.npm === npm) return entry.fromMajor.root ?? '';
  }
  return '';
}
