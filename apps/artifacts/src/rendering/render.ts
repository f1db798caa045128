import { marked } from 'marked';
import { ARTIFACT_MESSAGES, reactSecurityWarning, type ArtifactType } from '@core-vault/contracts';
import { sanitizeArtifactHtml, sanitizeStaticMarkup } from './html-policy';
import { guardMarkdown } from './markdown-guard';
import { sanitizeArtifactSvg } from './svg-policy';

/** What the renderer gets beside the source; computed once per version and stored. */
export interface RenderResult {
  rendered: string | null;
  renderError: string | null;
  securityWarning: string | null;
}

const none: RenderResult = { rendered: null, renderError: null, securityWarning: null };

/**
 * The version of the HTML and SVG policies. Stored forms made under an older one are made again
 * (RerenderStaleArtifacts): version 2 keeps handlers, script sources, inline SVG, SMIL, <link>;
 * version 3 keeps an HTML artifact's CSS as written (2 dropped every '<' of its <style> text,
 * breaking data URLs with inline SVG) and keeps data: URLs in SVG styles.
 */
export const RENDER_POLICY_VERSION = 3;

/** Types whose stored form depends on the policies above (Markdown's stays as it was). */
export const POLICY_RENDERED_TYPES: readonly ArtifactType[] = ['HTML', 'SVG'];

export function renderArtifact(type: ArtifactType, content: string): RenderResult {
  switch (type) {
    case 'HTML':
      return { ...none, rendered: sanitizeArtifactHtml(content) };
    case 'SVG':
      return { ...none, rendered: sanitizeArtifactSvg(content) };
    case 'MARKDOWN':
      return renderMarkdown(content);
    case 'REACT':
      return { ...none, securityWarning: reactSecurityWarning(content) };
    case 'TYPESCRIPT':
    case 'UNKNOWN':
      // Shown as (highlighted) source text by the renderer, never as markup.
      return none;
  }
}

function renderMarkdown(content: string): RenderResult {
  try {
    // marked does not sanitize: its HTML goes through the static markup policy (no scripts).
    const html = marked.parse(guardMarkdown(content), { async: false, gfm: true });
    return { ...none, rendered: sanitizeStaticMarkup(html) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { ...none, renderError: ARTIFACT_MESSAGES.markdownError(message.slice(0, 500)) };
  }
}
