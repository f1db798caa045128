import { EXTENSION_CSP, GECKO_ID, buildManifest, originMatchPattern, parseVaultOrigin } from './manifest';

const opts = { version: '0.1.0', vaultOrigin: 'http://127.0.0.1:4200' };

describe('buildManifest', () => {
  it.each(['chromium', 'firefox'] as const)(
    '%s: MV3, the smallest permissions, the vault and the two assistant sites',
    (target) => {
      const m = buildManifest(target, opts);
      expect(m.manifest_version).toBe(3);
      expect(m.version).toBe('0.1.0');
      expect(m.permissions).toEqual(['activeTab', 'scripting', 'contextMenus', 'storage']);
      expect(m.host_permissions).toEqual([
        'https://claude.ai/*',
        'https://chatgpt.com/*',
        'http://127.0.0.1/*',
      ]);
      expect(m.content_security_policy).toEqual({ extension_pages: EXTENSION_CSP });
      expect(EXTENSION_CSP).toBe("script-src 'self'; object-src 'none'");
      expect(m.content_scripts).toEqual([
        { matches: ['http://127.0.0.1/*'], js: ['connect-bridge.js'], run_at: 'document_start' },
      ]);
      expect(m.action).toMatchObject({ default_popup: 'popup.html' });
      expect(JSON.stringify(m)).not.toMatch(/<all_urls>|\*:\/\/\*\/|unsafe-eval|tabs"/);
    },
  );

  it('differs between the browsers only where they do', () => {
    const chromium = buildManifest('chromium', opts);
    const firefox = buildManifest('firefox', opts);
    expect(chromium.background).toEqual({ service_worker: 'background.js' });
    expect(firefox.background).toEqual({ scripts: ['background.js'] });
    expect(chromium.browser_specific_settings).toBeUndefined();
    expect(firefox.browser_specific_settings).toMatchObject({ gecko: { id: GECKO_ID } });
    // Only Chromium lets web pages message an extension: the vault's exact origin, port included.
    expect(chromium.externally_connectable).toEqual({ matches: ['http://127.0.0.1:4200/*'] });
    expect(firefox.externally_connectable).toBeUndefined();
    const { background: _c, externally_connectable: _e, ...restChromium } = chromium;
    const { background: _f, browser_specific_settings: _b, ...restFirefox } = firefox;
    expect(restFirefox).toEqual(restChromium);
  });

  it('takes the vault origin of the build (https, a port, a trailing slash)', () => {
    const m = buildManifest('chromium', { version: '1.2.3', vaultOrigin: 'https://vault.example.com:8443/' });
    expect(m.host_permissions).toContain('https://vault.example.com/*');
    expect(m.content_scripts).toEqual([
      expect.objectContaining({ matches: ['https://vault.example.com/*'] }),
    ]);
    expect(m.externally_connectable).toEqual({ matches: ['https://vault.example.com:8443/*'] });
  });

  it('refuses a version a browser would refuse', () => {
    expect(() => buildManifest('firefox', { ...opts, version: '1.0.0-beta' })).toThrow(
      /dot-separated numbers/,
    );
  });
});

describe('parseVaultOrigin', () => {
  it('keeps scheme, host and port', () => {
    expect(parseVaultOrigin('https://vault.example.com/')).toBe('https://vault.example.com');
    expect(parseVaultOrigin(' http://127.0.0.1:4200 ')).toBe('http://127.0.0.1:4200');
  });
  it.each([
    'vault.example.com',
    'ftp://vault.example.com',
    'https://vault.example.com/app',
    'https://u:p@vault.example.com',
    'https://v.example.com/?x=1',
  ])('refuses %s', (input) => expect(() => parseVaultOrigin(input)).toThrow());
  it('writes match patterns without the port', () => {
    expect(originMatchPattern('http://localhost:4200')).toBe('http://localhost/*');
  });
});
