/**
 * Rewrites an HTML artifact's CDN loads to the renderer's /mirror/ copies. Pure string work (no
 * DOM, no Node APIs): the frame runs it in the browser, the embed route on the server.
 *
 * Rewritten: <script src>, <link href> (stylesheet, preload, modulepreload), import map entries,
 * URL string literals in inline scripts (import/export specifiers, import(), script loaders),
 * and @import in <style>. Remote script/stylesheet/module URLs the mirror does not serve are left
 * as they are (the CSP blocks them) and reported, so the document can say so instead of showing
 * a silent blank. Bare specifiers of mirrored packages that module scripts import ("three",
 * "three/addons/…") get import map entries, version-matched to the artifact's own choice.
 */
import { type MirrorVersion } from './manifest';
import {
  type LoadKind,
  MIRROR_HOSTS,
  SILENT_HOSTS,
  parseRemote,
  resolveBareSpecifier,
  resolveCdnUrl,
} from './resolve';
import { attributePairs, htmlPieces } from './pieces';
import { TAILWIND_PLAY_SHIM } from './tailwind-compat';

export interface BlockedLoad {
  url: string;
  host: string;
}

export interface MirrorRewrite {
  html: string;
  blocked: BlockedLoad[];
  /** How many loads now come from the mirror. */
  mirrored: number;
}

const decodeAttr = (v: string) =>
  v.replace(/&(amp|quot|#39|apos|lt|gt);/g, (_, e: string) =>
    e === 'amp' ? '&' : e === 'quot' ? '"' : e === 'lt' ? '<' : e === 'gt' ? '>' : "'",
  );
const encodeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function attributes(attrs: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of attributePairs(attrs)) out.set(name.toLowerCase(), decodeAttr(value ?? ''));
  return out;
}

/** Replaces one attribute's value in a tag's attribute text (drops `integrity`: our bytes differ). */
function setAttr(attrs: string, name: string, value: string): string {
  const re = new RegExp(`(\\s${name}\\s*=\\s*)("[^"]*"|'[^']*'|[^\\s"'=<>\`]+)`, 'i');
  return attrs
    .replace(re, `$1"${encodeAttr(value)}"`)
    .replace(/\sintegrity\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, '');
}

const isModuleType = (type: string | undefined) => (type ?? '').trim().toLowerCase() === 'module';
const runsAsScript = (type: string | undefined) =>
  !type || /^(text|application)\/(javascript|ecmascript)$|^module$/i.test(type.trim());

class Rewriter {
  readonly blocked: BlockedLoad[] = [];
  /** The blocked URLs as a set: a page with thousands of distinct CDN loads stays linear. */
  private readonly blockedUrls = new Set<string>();
  mirrored = 0;
  /** Library name → version chosen by the artifact's own URLs (import maps, module imports). */
  readonly chosen = new Map<string, MirrorVersion>();
  readonly bareImports = new Set<string>();

  block(url: string): void {
    const parsed = parseRemote(url);
    if (!parsed || SILENT_HOSTS.has(parsed.hostname)) return;
    if (this.blockedUrls.has(url)) return;
    this.blockedUrls.add(url);
    this.blocked.push({ url, host: parsed.hostname });
  }

  /** The mirror URL for `url`, or null (reported when `report`). Records module versions. */
  map(url: string, kind: LoadKind, report: boolean): string | null {
    const r = resolveCdnUrl(url, kind);
    if (!r) {
      if (report) this.block(url);
      return null;
    }
    this.mirrored++;
    if (r.library && (kind === 'module' || /\.mjs$|\+esm|\/examples\/jsm\//.test(r.url)))
      if (!this.chosen.has(r.library.name)) this.chosen.set(r.library.name, r.version);
    return r.url;
  }

  script(attrs: string, body: string, whole: string): string {
    const a = attributes(attrs);
    const type = a.get('type');
    if (type?.trim().toLowerCase() === 'importmap') return `<script${attrs}>${this.importMap(body)}</script>`;
    const src = a.get('src');
    let open = attrs;
    let extra = '';
    if (src !== undefined && runsAsScript(type)) {
      const local = this.map(src, isModuleType(type) ? 'module' : 'script', true);
      if (local) {
        open = `${setAttr(attrs, 'src', local)} data-cv-src="${encodeAttr(src)}"`;
        if (/cdn\.tailwindcss\.com/i.test(src)) extra = TAILWIND_PLAY_SHIM;
      }
    }
    const code = runsAsScript(type) && src === undefined ? this.code(body, isModuleType(type)) : body;
    return open === attrs && code === body ? whole + extra : `<script${open}>${code}</script>${extra}`;
  }

  /** URL literals inside inline code: specifiers of static/dynamic imports and script loaders. */
  code(body: string, module: boolean): string {
    const out = body.replace(
      // One whitespace quantifier on each side of the optional '(' (`\s*\(?\s*` is quadratic).
      /(\bfrom\s*|\bimport\s*(?:\(\s*)?|)(["'`])((?:https?:)?\/\/[^"'`\s]+)\2/g,
      (whole, lead: string, q: string, url: string) => {
        const isImport = lead !== '';
        const host = parseRemote(url)?.hostname ?? '';
        if (!isImport && !MIRROR_HOSTS.has(host)) return whole; // a link, an API URL: not ours
        const local = this.map(url, isImport ? 'module' : 'any', isImport);
        return local ? `${lead}${q}${local}${q}` : whole;
      },
    );
    if (module)
      for (const m of out.matchAll(/(?:\bfrom|\bimport)\s*(?:\(\s*)?["']([^"'./][^"':]*)["']/g))
        if (m[1]) this.bareImports.add(m[1]);
    return out;
  }

  importMap(json: string): string {
    let map: { imports?: Record<string, string>; scopes?: Record<string, Record<string, string>> };
    try {
      map = JSON.parse(json) as typeof map;
    } catch {
      return json;
    }
    const rewrite = (entries: Record<string, string> | undefined) => {
      for (const [key, value] of Object.entries(entries ?? {})) {
        if (typeof value !== 'string') continue;
        const local = value.endsWith('/') ? this.mapDir(value) : this.map(value, 'module', true);
        if (local && entries) entries[key] = local;
      }
    };
    rewrite(map.imports);
    for (const scope of Object.values(map.scopes ?? {})) rewrite(scope);
    this.existingMap = map;
    return JSON.stringify(map);
  }

  /**
   * Import map prefixes ("three/addons/" → ".../examples/jsm/"): resolve a file inside, keep the
   * dir. A package of the npm cache maps to its files as published (an import map cannot add the
   * `/+esm` of its ES module builds).
   */
  mapDir(url: string): string | null {
    const probe = this.map(`${url}__dir__.js`, 'module', false);
    const dir =
      probe && /__dir__\.js(\/\+esm)?$/.test(probe) ? probe.replace(/__dir__\.js(\/\+esm)?$/, '') : null;
    if (probe) this.mirrored--;
    if (dir) return dir;
    this.block(url);
    return null;
  }

  existingMap: { imports?: Record<string, string> } | null = null;

  /** Import map entries for bare specifiers the artifact imports but does not map itself. */
  missingEntries(): Record<string, string> {
    const have = this.existingMap?.imports ?? {};
    const covered = (spec: string) =>
      spec in have || Object.keys(have).some((k) => k.endsWith('/') && spec.startsWith(k));
    const add: Record<string, string> = {};
    for (const spec of this.bareImports) {
      if (covered(spec)) continue;
      const name = /^(@[^/]+\/[^/]+|[^/]+)/.exec(spec)?.[1] ?? spec;
      const r = resolveBareSpecifier(spec, this.chosen.get(name));
      if (r) {
        add[spec] = r.url;
        this.chosen.set(r.library.name, r.version);
      }
    }
    // Mirrored add-ons import their library by its bare name (three's examples/jsm import 'three').
    for (const [name, version] of this.chosen) {
      const r = resolveBareSpecifier(name, version);
      if (r && !covered(name)) add[name] = r.url;
      for (const sub of Object.keys(version.submodules ?? {})) {
        const s = resolveBareSpecifier(`${name}/${sub}`, version);
        if (s && !covered(`${name}/${sub}`)) add[`${name}/${sub}`] = s.url;
      }
    }
    return add;
  }
}

/** Rewrites the artifact's CDN loads to /mirror/ (see the file comment). */
export function rewriteHtmlForMirror(html: string): MirrorRewrite {
  const r = new Rewriter();
  let firstScript = -1;
  let mapAt: { start: number; end: number } | null = null;
  let out = '';
  let last = 0;
  for (const m of htmlPieces(html)) {
    const whole = m.whole;
    let replaced = whole;
    if (m.kind === 'comment') replaced = whole;
    else if (m.kind === 'script') {
      replaced = r.script(m.attrs, m.body, whole);
      const isMap = attributes(m.attrs).get('type')?.trim().toLowerCase() === 'importmap';
      if (firstScript < 0) firstScript = out.length + (m.index - last);
      if (isMap && !mapAt) mapAt = { start: out.length + (m.index - last), end: 0 };
      if (isMap && mapAt && mapAt.end === 0) mapAt.end = mapAt.start + replaced.length;
    } else if (m.kind === 'style') replaced = `<style${m.attrs}>${cssImports(m.body, r)}</style>`;
    else replaced = link(m.attrs, whole, r);
    out += html.slice(last, m.index) + replaced;
    last = m.index + whole.length;
  }
  out += html.slice(last);

  const missing = r.missingEntries();
  if (Object.keys(missing).length) {
    if (mapAt && r.existingMap) {
      const merged = { ...r.existingMap, imports: { ...missing, ...r.existingMap.imports } };
      const open = /^<script\b[^>]*>/i.exec(out.slice(mapAt.start))?.[0] ?? '<script type="importmap">';
      out = `${out.slice(0, mapAt.start)}${open}${JSON.stringify(merged)}</script>${out.slice(mapAt.end)}`;
    } else {
      const tag = `<script type="importmap">${JSON.stringify({ imports: missing })}</script>`;
      out = firstScript >= 0 ? out.slice(0, firstScript) + tag + out.slice(firstScript) : tag + out;
    }
  }
  return { html: out, blocked: r.blocked, mirrored: r.mirrored };
}

function link(attrs: string, whole: string, r: Rewriter): string {
  const a = attributes(attrs);
  const rel = (a.get('rel') ?? '').toLowerCase().split(/\s+/);
  const href = a.get('href');
  if (!href || !rel.some((x) => x === 'stylesheet' || x === 'preload' || x === 'modulepreload')) return whole;
  const kind: LoadKind = rel.includes('stylesheet')
    ? 'style'
    : rel.includes('modulepreload')
      ? 'module'
      : 'any';
  // Preloads are hints: a miss costs nothing visible, so only stylesheets are reported.
  const local = r.map(href, kind, kind === 'style');
  return local ? `<link${setAttr(attrs.trimEnd(), 'href', local)} data-cv-src="${encodeAttr(href)}">` : whole;
}

/**
 * `@import url(…)`, `@import url("…")` and `@import "…"` in CSS text. An unquoted url() runs to
 * its ')' (Google Fonts' `family=Inter:wght@400;700` has semicolons). Linear: no alternative can
 * scan past whitespace or the next quote.
 */
const CSS_IMPORT = /@import\s+(?:url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)|"([^"]*)"|'([^']*)')/gi;

/**
 * Rewrites the @imports of remote stylesheets in CSS text to the mirror (CDN stylesheets, Google
 * Fonts CSS); `report` is told of remote ones the mirror does not serve. Nothing else in the CSS
 * changes: url()s, data URLs and custom properties reach the browser as written.
 */
export function rewriteCssImports(css: string, report?: (url: string) => void): string {
  return rewriteImports(css, (url) => {
    const r = resolveCdnUrl(url, 'style');
    if (!r) report?.(url);
    return r?.url ?? null;
  });
}

function rewriteImports(css: string, map: (url: string) => string | null): string {
  if (!css.includes('@import')) return css;
  return css.replace(CSS_IMPORT, (whole, ...groups: Array<string | undefined>) => {
    const url = groups.slice(0, 5).find((g) => g !== undefined) ?? '';
    const local = parseRemote(url) ? map(url) : null;
    return local ? `@import url("${local}")` : whole;
  });
}

/** @import of a CDN stylesheet (Google Fonts above all) inside <style>. */
function cssImports(css: string, r: Rewriter): string {
  return rewriteImports(css, (url) => r.map(url, 'style', true));
}
