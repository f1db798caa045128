import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { CliError, EXIT } from './errors';

/** What `corevault login` keeps: the vault's address and a personal access token. */
const savedSchema = z.object({
  url: z.string(),
  token: z.string(),
  email: z.string().optional(),
  savedAt: z.string().optional(),
});
export type SavedLogin = z.infer<typeof savedSchema>;

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where the key is kept: COREVAULT_CONFIG_DIR when set; else the user's config folder —
 * `$XDG_CONFIG_HOME/corevault` or `~/.config/corevault` (Linux, macOS), `%APPDATA%\corevault`
 * (Windows).
 */
export function configDir(env: Env = process.env, platform = process.platform, home = homedir()): string {
  if (env['COREVAULT_CONFIG_DIR']) return env['COREVAULT_CONFIG_DIR'];
  if (platform === 'win32') return join(env['APPDATA'] || join(home, 'AppData', 'Roaming'), 'corevault');
  return join(env['XDG_CONFIG_HOME'] || join(home, '.config'), 'corevault');
}

export const configFile = (env: Env = process.env): string => join(configDir(env), 'config.json');

/** The saved login, or undefined; `warn` hears about a file others may read. */
export function loadLogin(
  file: string,
  warn: (line: string) => void = () => undefined,
): SavedLogin | undefined {
  if (!existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new CliError(`${file} is not valid JSON: run corevault login again.`, EXIT.auth, 'BAD_CONFIG');
  }
  const login = savedSchema.safeParse(parsed);
  if (!login.success)
    throw new CliError(
      `${file} is not a corevault login: run corevault login again.`,
      EXIT.auth,
      'BAD_CONFIG',
    );
  if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0)
    warn(`warning: ${file} holds your key and others may read it; run chmod 600 "${file}".`);
  return login.data;
}

/**
 * Writes the login readable by its owner only (0600, in a 0700 folder): written to a new file
 * created with that mode, then renamed over the old one, so the key is never in a wider file.
 */
export function saveLogin(file: string, login: SavedLogin): void {
  const dir = join(file, '..');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

export function removeLogin(file: string): boolean {
  if (!existsSync(file)) return false;
  rmSync(file);
  return true;
}

/** The vault and key a command uses: the --url flag, then the environment, then the saved login. */
export interface Credentials {
  url: string | undefined;
  token: string | undefined;
  /** Where the key came from, for messages. */
  tokenFrom: 'CORE_VAULT_TOKEN' | 'saved' | undefined;
}

export function resolveCredentials(
  flagUrl: string | undefined,
  env: Env,
  saved: SavedLogin | undefined,
): Credentials {
  const envToken = env['CORE_VAULT_TOKEN'];
  const token = envToken || saved?.token;
  return {
    url: normaliseUrl(flagUrl || env['CORE_VAULT_URL'] || saved?.url),
    token: token || undefined,
    tokenFrom: envToken ? 'CORE_VAULT_TOKEN' : saved?.token ? 'saved' : undefined,
  };
}

/** `vault.example.com` → `https://vault.example.com`; no trailing slash. */
export function normaliseUrl(raw: string | undefined): string | undefined {
  const trimmed = raw?.trim();
  if (!trimmed) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new CliError(`"${raw}" is not a web address.`, EXIT.usage, 'USAGE');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new CliError(
      `The vault's address must start with https:// (or http://), not ${url.protocol}`,
      EXIT.usage,
      'USAGE',
    );
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
