import { Suspense, lazy } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ConsentBanner } from '../modules/consent';
import { SkipLink } from './SkipLink';

// Below the fold and needed by nobody at first paint: its own chunk, off the entry (the view
// page's JS budget, apps/web/scripts/bundle-size.mjs). Appended after the page, it moves nothing.
const SiteFooter = lazy(() => import('./SiteFooter').then((m) => ({ default: m.SiteFooter })));

/**
 * Every page's chrome: the skip link first, the page, the consent banner, then the footer (cookie
 * settings, theme) — except embeds, which live inside other sites' pages.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const embed = pathname.startsWith('/embed/');
  return (
    <>
      {!embed && <SkipLink />}
      <Outlet />
      {!embed && <ConsentBanner />}
      {!embed && (
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      )}
    </>
  );
}
