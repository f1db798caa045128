/**
 * The SPA's index.html with the page's own tags: its generic <title>, description, robots and
 * any link-preview tags are taken out and the given ones go right after <meta charset> (within
 * the first kilobytes crawlers read).
 */
export function injectShareTags(indexHtml: string, tags: string): string {
  const head = /<head\b[^>]*>/i.exec(indexHtml);
  if (!head) throw new Error('index.html has no <head>');
  const start = head.index + head[0].length;
  const end = indexHtml.search(/<\/head\s*>/i);
  if (end < start) throw new Error('index.html has no </head>');
  const cleaned = indexHtml
    .slice(start, end)
    .replace(/\s*<title\b[^>]*>[^]*?<\/title\s*>/gi, '')
    .replace(/\s*<meta\s+(?:name|property)="(?:description|robots|og:[^"]*|twitter:[^"]*)"[^>]*>/gi, '')
    .replace(/\s*<link\s+rel="canonical"[^>]*>/gi, '');
  const charset = /<meta\s+charset=[^>]*>/i.exec(cleaned);
  const at = charset ? charset.index + charset[0].length : 0;
  const inner = `${cleaned.slice(0, at)}\n    ${tags}${cleaned.slice(at)}`;
  return `${indexHtml.slice(0, start)}${inner}${indexHtml.slice(end)}`;
}
