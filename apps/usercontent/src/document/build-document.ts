import { type RenderError, type RenderTheme, type RenderableArtifact } from '@core-vault/contracts';
import { escapeHtml, jsonForScript } from './escape';
import { leadingDoctype } from './doctype';
import { renderErrors } from './errors';
import { type HighlightFn, highlightCodeBlocks, highlightCss } from './highlight';
import { RENDERER_VENDOR, importMap } from './libraries';
import { mermaidScripts } from './mermaid';
import { type PreparedReact } from './react-prepare';
import { TAILWIND_THEME_CSS } from './tailwind-theme';
import { friendlyBlockedNote } from '../mirror/note';
import { rewriteHtmlForMirror } from '../mirror/rewrite';

export interface DocumentOptions {
  /** 'frame': inside the app, reports to the parent; 'embed': stands alone on another site. */
  mode: 'frame' | 'embed';
  theme: RenderTheme;
  /** frame mode: the exact origin of the app that framed us (already checked). */
  parentOrigin?: string;
  /** frame mode: the artifact's storage as the app kept it (becomes its localStorage). */
  storage?: Record<string, string>;
  /** embed mode: where the "Core Vault" brand link goes. */
  brandHref?: string;
  /**
   * embed mode: this artifact's runtime API (`{app}/api/v1/artifacts/{id}`: shared storage and AI
   * calls, anonymously). In frame mode the app answers the runtime's calls instead.
   */
  runtimeApi?: string;
  /**
   * embed mode: the artifact's height is automatic, so the agent reports it to the embedding page
   * for the embed script (docs/reference/rendering.md, "Embeds"). Without it an embed reports
   * nothing: its height is the iframe's, and the document scrolls inside.
   */
  autosize?: boolean;
  highlight?: HighlightFn;
  /** Markdown to HTML for previews that have no sanitized form yet. */
  markdown?: (source: string) => string;
  /** REACT: the result of prepareReact (done by the caller: lazily in the frame, on the server for embeds). */
  react?: PreparedReact;
}

const AGENT_URL = '/assets/agent.js';

const palette = (theme: RenderTheme) =>
  theme === 'dark'
    ? { bg: '#0f1320', fg: '#e6e9f2', muted: '#9aa3b8', border: '#2a3147' }
    : { bg: '#ffffff', fg: '#1c2333', muted: '#5b6478', border: '#e3e7f0' };

/** Styles for the documents the renderer lays out itself (everything but HTML artifacts). */
function baseCss(theme: RenderTheme): string {
  const p = palette(theme);
  return `html{color-scheme:${theme}}body{margin:0;padding:16px;background:${p.bg};color:${p.fg};font:16px/1.6 system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
.cv-markdown{max-width:860px;margin:0 auto}.cv-markdown img{max-width:100%}.cv-markdown table{border-collapse:collapse}.cv-markdown td,.cv-markdown th{border:1px solid ${p.border};padding:4px 8px}
.cv-markdown pre{white-space:pre}.cv-markdown :not(pre)>code{background:${p.border};padding:.1em .3em;border-radius:4px}
pre.cv-raw{white-space:pre-wrap;word-break:break-word;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace;margin:0}
pre.cv-code{margin:0;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace}
.cv-svg{display:flex;justify-content:center}.cv-svg svg,.cv-svg img{max-width:100%;height:auto}
${errorCss(theme)}`;
}

function errorCss(theme: RenderTheme): string {
  const p = palette(theme);
  return `.cv-error{max-width:640px;margin:24px auto;padding:20px 24px;border:1px solid #e5a50a;border-radius:12px;background:${theme === 'dark' ? '#2b2410' : '#fff8e6'};color:${p.fg};font:15px/1.5 system-ui,sans-serif}
.cv-error h2{margin:0 0 8px;font-size:1.15rem}.cv-error ul{margin:8px 0 0;padding-left:20px;color:${p.muted}}`;
}

function brandCss(theme: RenderTheme): string {
  const p = palette(theme);
  return `.cv-brand{position:fixed;right:8px;bottom:8px;z-index:2147483647;padding:3px 10px;border-radius:999px;background:${p.bg};color:${p.fg};border:1px solid ${p.border};font:600 12px/1.6 system-ui,sans-serif;text-decoration:none;opacity:.92}`;
}

/** The error box shown inside the frame, also handed to the agent to report to the app. */
export function errorHtml(error: RenderError): string {
  const tips = error.tips.length
    ? `<ul>${error.tips.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>`
    : '';
  return `<section class="cv-error" role="alert"><h2>⚠️ ${escapeHtml(error.title)}</h2><p>${escapeHtml(error.message)}</p>${tips}</section>
<script type="application/json" id="cv-error">${jsonForScript(error)}</script>`;
}

function agentTag(options: DocumentOptions): string {
  const parent =
    options.mode === 'frame' && options.parentOrigin
      ? ` data-parent="${escapeHtml(options.parentOrigin)}"`
      : '';
  const storage =
    options.mode === 'frame' && options.storage
      ? `<script type="application/json" id="cv-storage">${jsonForScript(options.storage)}</script>`
      : '';
  const runtime =
    options.mode === 'embed' && options.runtimeApi ? ` data-runtime="${escapeHtml(options.runtimeApi)}"` : '';
  const autosize = options.mode === 'embed' && options.autosize ? ' data-autosize="1"' : '';
  return `${storage}<script src="${AGENT_URL}" data-mode="${options.mode}"${parent}${runtime}${autosize}></script>`;
}

function brand(options: DocumentOptions): string {
  if (options.mode !== 'embed' || !options.brandHref) return '';
  return `<style>${brandCss(options.theme)}</style><a class="cv-brand" href="${escapeHtml(options.brandHref)}" target="_blank" rel="noopener">Core Vault</a>`;
}

/** A document the renderer lays out: our head, the artifact's body. */
function shell(title: string, options: DocumentOptions, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en" data-theme="${options.theme}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${agentTag(options)}
<style>${baseCss(options.theme)}</style>${head}
</head><body>
${body}
${brand(options)}
</body></html>`;
}

/**
 * An HTML artifact is a page of its own: the agent goes right after its doctype (a doctype
 * after any tag would put the page in quirks mode), the brand link after its content.
 */
function htmlDocument(source: string, options: DocumentOptions): string {
  // Public CDN loads come from the renderer's library mirror; what it lacks is named in a note.
  const { html, blocked, mirrored } = rewriteHtmlForMirror(source);
  const note = blocked.length || mirrored ? `${friendlyBlockedNote(blocked)}\n` : '';
  const doctype = leadingDoctype(html);
  const rest = doctype ? html.slice(doctype.length) : html;
  return `${doctype ?? '<!doctype html>'}\n${agentTag(options)}\n${note}${rest}\n${brand(options)}`;
}

function markdownBody(artifact: RenderableArtifact, options: DocumentOptions): string {
  if (artifact.renderError) return errorHtml(renderErrors.markdown(artifact.renderError));
  let html: string;
  if (artifact.rendered !== null) html = artifact.rendered;
  else if (options.markdown) {
    try {
      html = options.markdown(artifact.content);
    } catch (err) {
      return errorHtml(
        renderErrors.markdown(`Error parsing markdown: ${err instanceof Error ? err.message : String(err)}`),
      );
    }
  } else html = `<pre class="cv-raw">${escapeHtml(artifact.content)}</pre>`;
  if (options.highlight) html = highlightCodeBlocks(html, options.highlight);
  return `<article class="cv-markdown">${html}</article>`;
}

function svgBody(artifact: RenderableArtifact): string {
  if (artifact.rendered !== null) return `<div class="cv-svg">${artifact.rendered}</div>`;
  // A preview of unsanitized SVG: as an image, which never runs scripts or loads anything.
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(artifact.content)}`;
  return `<div class="cv-svg"><img alt="${escapeHtml(artifact.title)}" src="${src}"></div>`;
}

function codeBody(artifact: RenderableArtifact, options: DocumentOptions): string {
  const highlighted = options.highlight?.(artifact.content, 'typescript') ?? null;
  return `<pre class="cv-code"><code class="hljs language-typescript">${highlighted ?? escapeHtml(artifact.content)}</code></pre>`;
}

function reactDocument(artifact: RenderableArtifact, options: DocumentOptions): string {
  const prepared = options.react;
  if (!prepared)
    return shell(
      artifact.title,
      options,
      errorHtml(renderErrors.moduleError('the component was not prepared')),
    );
  if (!prepared.ok) return shell(artifact.title, options, errorHtml(prepared.error));
  // The theme style goes before Tailwind's script, which reads every text/tailwindcss style.
  const head = `<script type="importmap">${jsonForScript(importMap())}</script>${
    prepared.tailwind
      ? `<style type="text/tailwindcss">${TAILWIND_THEME_CSS}</style><script src="${RENDERER_VENDOR.tailwind}"></script>`
      : ''
  }<style>body{padding:0}</style>`;
  const body = `<div id="root"></div>
<script type="application/json" id="cv-react">${jsonForScript({ code: prepared.code, imports: prepared.imports })}</script>
<script>window.__coreVault && window.__coreVault.runReact();</script>`;
  return shell(artifact.title, options, body, head);
}

/**
 * The complete document that shows one artifact. Pure: the same function builds the frame's
 * document in the browser and the embed page on the server.
 */
export function buildArtifactDocument(artifact: RenderableArtifact, options: DocumentOptions): string {
  const hlCss = `<style>${highlightCss(options.theme)}</style>`;
  switch (artifact.type) {
    case 'HTML':
      return htmlDocument(artifact.rendered ?? artifact.content, options);
    case 'SVG':
      return shell(artifact.title, options, svgBody(artifact));
    case 'MARKDOWN': {
      const body = markdownBody(artifact, options);
      return shell(artifact.title, options, `${body}${mermaidScripts(body, options.theme)}`, hlCss);
    }
    case 'TYPESCRIPT':
      return shell(artifact.title, options, codeBody(artifact, options), hlCss);
    case 'REACT':
      return reactDocument(artifact, options);
    case 'UNKNOWN':
      return shell(artifact.title, options, `<pre class="cv-raw">${escapeHtml(artifact.content)}</pre>`);
  }
}

/** A page for an embed that cannot show its artifact (private, not found, failed). */
export function messageDocument(title: string, text: string, options: DocumentOptions): string {
  return shell(
    title,
    options,
    `<section class="cv-error" role="alert"><h2>${escapeHtml(title)}</h2><p>${escapeHtml(text)}</p></section>`,
  );
}

export const documentNeeds = (artifact: RenderableArtifact) => ({
  highlight:
    artifact.type === 'TYPESCRIPT' ||
    (artifact.type === 'MARKDOWN' &&
      /```|~~~|^( {4}|\t)\S|<pre/m.test(artifact.rendered ?? artifact.content)),
  markdown: artifact.type === 'MARKDOWN' && artifact.rendered === null && !artifact.renderError,
  react: artifact.type === 'REACT',
});
