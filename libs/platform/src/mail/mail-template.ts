/** Escapes text for HTML e-mail bodies; templates never put raw user input into markup. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A plain, inline-styled HTML shell (mail clients ignore <style> blocks and external CSS). */
export function htmlMail(title: string, paragraphs: readonly string[]): string {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;font:16px/1.5 Arial,sans-serif;color:#1f2937">${p}</p>`)
    .join('');
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f3f4f6"><div style="max-width:560px;margin:auto;` +
    `background:#fff;padding:24px;border-radius:8px">${body}</div></body></html>`
  );
}
