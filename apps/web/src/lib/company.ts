/** Contact addresses and company pages the screens link to. */
export const SUPPORT_EMAIL = 'support@corevault.app';
export const SALES_EMAIL = 'sales@corevault.app';
export const COMPANY_SITE = 'https://corevault.app';
export const COMPANY_LINKS = [
  { label: 'Privacy', href: `${COMPANY_SITE}/privacy` },
  { label: 'Terms', href: `${COMPANY_SITE}/terms` },
  { label: 'Cookies', href: `${COMPANY_SITE}/cookies` },
  { label: 'Disclaimers', href: `${COMPANY_SITE}/disclaimers` },
  { label: 'About', href: `${COMPANY_SITE}/about` },
] as const;

/** Shown in the tour's version step. */
export const APP_VERSION = 'v0.1.0';
