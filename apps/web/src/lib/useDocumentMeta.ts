import { useEffect } from 'react';

export const PRODUCT_NAME = 'Core Vault';
export const DEFAULT_DESCRIPTION =
  'Intelligence, captured. Keep, organise and share the artifacts your AI assistant produces.';

export interface DocumentMeta {
  title: string;
  description?: string;
  /** Path of the canonical address (the current path when absent). */
  path?: string;
  /** Signed-in and one-off pages are kept out of search engines. */
  robots?: 'index, follow' | 'noindex, nofollow';
}

/** "X" → "X | Core Vault"; a title that already names the product is left as it is. */
export function withProductSuffix(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) return PRODUCT_NAME;
  return trimmed.includes(PRODUCT_NAME) ? trimmed : `${trimmed} | ${PRODUCT_NAME}`;
}

function setMeta(attr: 'name' | 'property', key: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

function setCanonical(href: string): void {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.appendChild(el);
  }
  el.href = href;
}

/** Title (suffixed with the product name), canonical link, social and robots tags of a page. */
export function useDocumentMeta({ title, description, path, robots = 'index, follow' }: DocumentMeta): void {
  useEffect(() => {
    const fullTitle = withProductSuffix(title);
    const url = `${window.location.origin}${path ?? window.location.pathname}`;
    const text = description ?? DEFAULT_DESCRIPTION;
    document.title = fullTitle;
    setCanonical(url);
    setMeta('name', 'description', text);
    setMeta('name', 'robots', robots);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', text);
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:site_name', PRODUCT_NAME);
    setMeta('name', 'twitter:card', 'summary');
    setMeta('name', 'twitter:title', fullTitle);
    setMeta('name', 'twitter:description', text);
  }, [title, description, path, robots]);
}
