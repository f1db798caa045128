import { type MouseEvent } from 'react';

/**
 * The first focusable element of every page: keyboard and screen-reader users jump past the
 * header to the page's <main>. Focus moves there too (not only the scroll position), so the next
 * Tab continues inside the content.
 */
export function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.querySelector('main');
    if (!main) return;
    e.preventDefault();
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
    main.scrollIntoView?.();
  };
  return (
    <a className="cv-skip-link" href="#main" onClick={skip}>
      Skip to content
    </a>
  );
}
