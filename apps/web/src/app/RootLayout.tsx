import { Outlet, useLocation } from 'react-router-dom';
import { ConsentBanner } from '../modules/consent';
import { SiteFooter } from './SiteFooter';
import { SkipLink } from './SkipLink';

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
      {!embed && <SiteFooter />}
    </>
  );
}
