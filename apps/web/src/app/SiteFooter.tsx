import { ThemeToggle } from '../components/ui';
import { openConsentChoice } from '../modules/consent';

export const FOOTER_TEXTS = { cookieSettings: 'Cookie settings' } as const;

/** Every page's last line (not embeds): the analytics consent choice again, and the theme. */
export function SiteFooter() {
  return (
    <footer className="cv-site-footer" aria-label="Site settings">
      <div className="cv-site-footer-inner">
        <button type="button" className="cv-link-btn" onClick={openConsentChoice}>
          {FOOTER_TEXTS.cookieSettings}
        </button>
        <ThemeToggle />
      </div>
    </footer>
  );
}
