import { type RenderTheme } from '@core-vault/contracts';
import { resolveCdnUrl } from '../mirror/resolve';

/** A fenced ```mermaid block as marked (and the sanitizer, which keeps classes) leave it. */
const MERMAID_BLOCK = /<code class="language-mermaid"/;

/**
 * Markdown artifacts often carry diagrams as ```mermaid fences (assistants write them that way).
 * When there is one, the document loads Mermaid from the library mirror and draws each block in
 * place. securityLevel 'strict' keeps diagram text from becoming markup or click handlers; a
 * diagram that does not parse stays visible as its source (suppressErrors), never an uncaught
 * error. Returns '' when the Markdown has no diagram (no download).
 */
export function mermaidScripts(html: string, theme: RenderTheme): string {
  if (!MERMAID_BLOCK.test(html)) return '';
  const mirrored = resolveCdnUrl('https://cdn.jsdelivr.net/npm/mermaid/dist/mermaid.min.js', 'script');
  if (!mirrored) return '';
  const config = JSON.stringify({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: theme === 'dark' ? 'dark' : 'default',
  });
  return `<script src="${mirrored.url}"></script>
<script>(function(){var m=window.mermaid;if(!m)return;var nodes=[];document.querySelectorAll('pre>code.language-mermaid').forEach(function(code){var d=document.createElement('div');d.className='cv-mermaid';d.textContent=code.textContent;code.parentNode.replaceWith(d);nodes.push(d);});m.initialize(${config});m.run({nodes:nodes,suppressErrors:true}).catch(function(){});})();</script>`;
}
