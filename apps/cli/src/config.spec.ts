import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configDir, loadLogin, normaliseUrl, resolveCredentials, saveLogin } from './config';

const TOKEN = `cvpat_${'a'.repeat(43)}`;

describe('where the key is kept', () => {
  it("is the user's config folder, per platform, or COREVAULT_CONFIG_DIR", () => {
    expect(configDir({}, 'linux', '/home/ada')).toBe('/home/ada/.config/corevault');
    expect(configDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux', '/home/ada')).toBe('/cfg/corevault');
    expect(configDir({}, 'darwin', '/Users/ada')).toBe('/Users/ada/.config/corevault');
    expect(configDir({ APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ada')).toMatch(
      /AppData.Roaming.corevault$/,
    );
    expect(configDir({ COREVAULT_CONFIG_DIR: '/tmp/x', XDG_CONFIG_HOME: '/cfg' }, 'linux', '/h')).toBe(
      '/tmp/x',
    );
  });

  it('is written readable by its owner only (0600 in a 0700 folder), also over a wider old file', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'cv-cli-')), 'nested');
    const file = join(dir, 'config.json');
    saveLogin(file, { url: 'https://v.test', token: TOKEN });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    chmodSync(file, 0o644);
    const warnings: string[] = [];
    expect(loadLogin(file, (w) => warnings.push(w))).toEqual({ url: 'https://v.test', token: TOKEN });
    expect(warnings[0]).toMatch(/others may read it; run chmod 600/);
    saveLogin(file, { url: 'https://v.test', token: TOKEN, email: 'ada@example.com' });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ email: 'ada@example.com' });
  });

  it('refuses a file that is not a login, with what to do', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cv-cli-')), 'config.json');
    writeFileSync(file, '{"token": 3}', { mode: 0o600 });
    expect(() => loadLogin(file)).toThrow(/is not a corevault login: run corevault login again/);
    writeFileSync(file, 'nope', { mode: 0o600 });
    expect(() => loadLogin(file)).toThrow(/is not valid JSON/);
    expect(loadLogin(join(file, '..', 'absent.json'))).toBeUndefined();
  });
});

describe('the vault and key a command uses', () => {
  const saved = { url: 'https://saved.test', token: TOKEN };

  it('is --url, then CORE_VAULT_URL / CORE_VAULT_TOKEN, then the saved login', () => {
    expect(resolveCredentials(undefined, {}, saved)).toEqual({
      url: 'https://saved.test',
      token: TOKEN,
      tokenFrom: 'saved',
    });
    expect(
      resolveCredentials(
        undefined,
        { CORE_VAULT_URL: 'https://env.test', CORE_VAULT_TOKEN: 'cvpat_env' },
        saved,
      ),
    ).toEqual({ url: 'https://env.test', token: 'cvpat_env', tokenFrom: 'CORE_VAULT_TOKEN' });
    expect(resolveCredentials('flag.test', { CORE_VAULT_URL: 'https://env.test' }, saved).url).toBe(
      'https://flag.test',
    );
    expect(resolveCredentials(undefined, {}, undefined)).toEqual({
      url: undefined,
      token: undefined,
      tokenFrom: undefined,
    });
  });

  it('normalises addresses and refuses what is none', () => {
    expect(normaliseUrl('vault.example.com/')).toBe('https://vault.example.com');
    expect(normaliseUrl('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(normaliseUrl('https://example.com/vault//')).toBe('https://example.com/vault');
    expect(normaliseUrl('  ')).toBeUndefined();
    expect(() => normaliseUrl('ftp://example.com')).toThrow(/must start with https:\/\//);
  });
});
