/**
 * The extension's manifest for each browser, built from one description so the Chromium and
 * Firefox builds can only differ where the browsers do (background page kind, gecko settings).
 * Pure: the build script (scripts/build.mjs) bundles this file and calls it.
 */
export type BrowserTarget = 'chromium' | 'firefox';

/** The assistant sites the capture adapters know (src/adapters); nothing else is granted up front. */
export const ASSISTANT_SITE_PATTERNS = ['https://claude.ai/*', 'https://chatgpt.com/*'] as const;

/** activeTab + scripting capture on demand; contextMenus for the menu; storage for key, settings, queue. */
export const PERMISSIONS = ['activeTab', 'scripting', 'contextMenus', 'storage'] as const;

/** No remote code, no eval, no plugins, on every extension page. */
export const EXTENSION_CSP = "script-src 'self'; object-src 'none'";

/** Firefox needs a stable add-on id for storage and for signing. */
export const GECKO_ID = 'browser-extension@core-vault.app';
/** Firefox 142: the first (desktop and Android) with gecko.data_collection_permissions, which AMO asks for. */
export const GECKO_MIN_VERSION = '142.0';

export const ICON_SIZES = [16, 32, 48, 128] as const;

export interface ManifestOptions {
  version: string;
  /** The vault's origin, e.g. https://vault.example.com or http://127.0.0.1:4200. */
  vaultOrigin: string;
}

/**
 * The origin of a vault address, or an Error saying why it is not one: http(s) only, and no
 * path, query or credentials (the extension talks to the origin's /api and /dashboard).
 */
export function parseVaultOrigin(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new Error(`The vault origin "${input}" is not a URL (expected e.g. https://vault.example.com).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`The vault origin must be http or https, not ${url.protocol}`);
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    throw new Error(`The vault origin "${input}" must be an origin only (scheme, host, optional port).`);
  return url.origin;
}

/**
 * A match pattern for every page of the origin's host. Match patterns carry no port (Firefox
 * rejects one), so `http://127.0.0.1:4200` becomes `http://127.0.0.1/*`; the scripts that run
 * there check the exact origin themselves (see bridge/connect-bridge.ts).
 */
export function originMatchPattern(origin: string, path = '/*'): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}${path}`;
}

const semver = /^\d+(\.\d+){0,3}$/;

export function buildManifest(target: BrowserTarget, options: ManifestOptions): Record<string, unknown> {
  if (!semver.test(options.version))
    throw new Error(`The extension version "${options.version}" must be 1 to 4 dot-separated numbers.`);
  const vaultOrigin = parseVaultOrigin(options.vaultOrigin);
  const icons = Object.fromEntries(ICON_SIZES.map((size) => [String(size), `icons/icon-${size}.png`]));
  return {
    manifest_version: 3,
    name: 'Core Vault',
    version: options.version,
    description: 'Save AI artifacts from Claude, ChatGPT and any page to your Core Vault.',
    icons,
    action: { default_title: 'Save to Core Vault', default_popup: 'popup.html', default_icon: icons },
    options_ui: { page: 'options.html', open_in_tab: true },
    background: target === 'chromium' ? { service_worker: 'background.js' } : { scripts: ['background.js'] },
    permissions: [...PERMISSIONS],
    host_permissions: [...ASSISTANT_SITE_PATTERNS, originMatchPattern(vaultOrigin)],
    // The connect bridge answers on /extension/connect only, but runs on every page of the vault's
    // host: the SPA reaches that page without a load (Account → "Connect the browser extension").
    content_scripts: [
      { matches: [originMatchPattern(vaultOrigin)], js: ['connect-bridge.js'], run_at: 'document_start' },
    ],
    // Chromium: the connect page sends the key straight to the background (runtime.sendMessage
    // with this extension's id); only the vault's exact origin, port included, may. Firefox has no
    // such key for web pages (it would be a lint warning): its key comes sealed through the bridge.
    ...(target === 'chromium' ? { externally_connectable: { matches: [`${vaultOrigin}/*`] } } : {}),
    content_security_policy: { extension_pages: EXTENSION_CSP },
    ...(target === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: GECKO_ID,
              strict_min_version: GECKO_MIN_VERSION,
              // What the user asks to save (page content) goes to their vault account.
              data_collection_permissions: { required: ['websiteContent'] },
            },
          },
        }
      : {}),
  };
}
