import { Outlet, useLocation } from 'react-router-dom';
import { ConsentBanner } from '../modules/consent/components/ConsentBanner';

/** Every page, plus the consent banner — except embeds, which live inside other sites' pages. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <Outlet />
      {!pathname.startsWith('/embed/') && <ConsentBanner />}
    </>
  );
}
