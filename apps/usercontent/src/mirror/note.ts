/**
 * The visible note for loads the vault does not serve: a small dismissible banner at the top of
 * the artifact, one line per URL ("This artifact loads x.js from cdn.example.com, which the vault
 * does not serve."), so a page missing its library says why instead of staying blank.
 *
 * It sits in the document's head (right after the agent, before any of the artifact's tags), so
 * the banner is kept in a <template> and moved into <body> once there is one. The same script
 * listens (capture phase) for scripts and stylesheets that fail to load at run time — a mirrored
 * file this version does not have, a CDN URL the page adds from its own code — and adds them.
 */
import { escapeHtml } from '../document/escape';
import { type BlockedLoad } from './rewrite';

/** At most this many lines; the rest are counted in one more line. */
const MAX_LINES = 4;

export function blockedLine(url: string, host: string): string {
  let file = host;
  try {
    const path = new URL(url, 'https://x.invalid').pathname.split('/').filter(Boolean);
    file = decodeURIComponent(path[path.length - 1] ?? host);
  } catch {
    /* keep the host */
  }
  return `This artifact loads ${file} from ${host}, which the vault does not serve.`;
}

const CSS =
  'all:initial;display:block;box-sizing:border-box;margin:0;padding:8px 36px 8px 12px;position:relative;z-index:2147483646;background:#fff8e6;color:#5c4400;border-bottom:1px solid #e5a50a;font:13px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif';
const BUTTON =
  'all:initial;position:absolute;top:6px;right:10px;cursor:pointer;font:16px/1 system-ui,sans-serif;color:#5c4400';

function runtime(max: number): void {
  const shown = new Set<string>();
  const doc = document;
  const line = (url: string, host: string) => {
    let file = host;
    try {
      const p = new URL(url, location.href).pathname.split('/').filter(Boolean);
      file = decodeURIComponent(p[p.length - 1] ?? host);
    } catch {
      /* keep the host */
    }
    return `This artifact loads ${file} from ${host}, which the vault does not serve.`;
  };
  const banner = (): HTMLElement | null => {
    let el = doc.getElementById('cv-mirror-note');
    if (!el && doc.body) {
      if (!tpl) return null;
      el = (tpl.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
      el.querySelector('button')?.addEventListener('click', () => el?.remove());
      doc.body.insertBefore(el, doc.body.firstChild);
    }
    return el;
  };
  const add = (url: string, host: string) => {
    if (shown.has(url)) return;
    shown.add(url);
    const el = banner();
    if (!el || el.querySelectorAll('p').length >= max) return;
    const p = doc.createElement('p');
    p.setAttribute('style', 'all:initial;display:block;font:inherit;color:inherit');
    p.textContent = line(url, host);
    el.insertBefore(p, el.querySelector('button'));
  };
  const pending: Array<[string, string]> = [];
  const tpl = doc.getElementById('cv-mirror-note-template') as HTMLTemplateElement | null;
  tpl?.content.querySelectorAll('p[data-url]').forEach((p) => shown.add(p.getAttribute('data-url') ?? ''));
  addEventListener(
    'error',
    (e) => {
      const t = e.target as HTMLScriptElement | HTMLLinkElement | null;
      if (!t || (t.tagName !== 'SCRIPT' && t.tagName !== 'LINK')) return;
      const url = t.getAttribute('data-cv-src') ?? t.getAttribute('src') ?? t.getAttribute('href');
      if (!url) return;
      const host = new URL(url, location.href).host;
      if (doc.body) add(url, host);
      else pending.push([url, host]);
    },
    true,
  );
  const show = () => {
    if (tpl?.getAttribute('data-lines') !== '0') banner();
    for (const [u, h] of pending.splice(0)) add(u, h);
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', show);
  else show();
}

/**
 * The note's HTML (template + script), to insert at the top of the document. With no blocked
 * loads it only watches for loads that fail at run time and shows nothing until one does.
 */
export function friendlyBlockedNote(blocked: BlockedLoad[]): string {
  const lines = blocked
    .slice(0, MAX_LINES)
    .map(
      (b) =>
        `<p data-url="${escapeHtml(b.url)}" style="all:initial;display:block;font:inherit;color:inherit">${escapeHtml(blockedLine(b.url, b.host))}</p>`,
    );
  if (blocked.length > MAX_LINES)
    lines.push(
      `<p style="all:initial;display:block;font:inherit;color:inherit">&#8230;and ${blocked.length - MAX_LINES} more.</p>`,
    );
  const note = `<div id="cv-mirror-note" role="status" style="${CSS}">${lines.join('')}<button type="button" aria-label="Dismiss" style="${BUTTON}">&#215;</button></div>`;
  return `<template id="cv-mirror-note-template" data-lines="${blocked.length}">${note}</template><script>(${runtime.toString()})(${MAX_LINES})</script>`;
}
