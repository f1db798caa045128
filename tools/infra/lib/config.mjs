// Paths and ports shared by every service module. Ports come only from
// config/local.json (the same file the apps read), never from code.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const INFRA_DIR = join(ROOT, 'tools/infra');
// INFRA_CONFIG and INFRA_LOCAL run a second, private set of services beside the usual one (own
// ports, own data, own pid files): the restart and crash tests kill and restart those.
export const CONFIG_FILE = process.env.INFRA_CONFIG
  ? resolve(process.env.INFRA_CONFIG)
  : join(ROOT, 'config/local.json');

// .cache = downloads and builds (safe to keep), .local = data, pids, logs.
export const CACHE = join(ROOT, '.cache');
export const LOCAL = process.env.INFRA_LOCAL ? resolve(process.env.INFRA_LOCAL) : join(ROOT, '.local');
export const RUN_DIR = join(LOCAL, 'run');
export const LOG_DIR = join(LOCAL, 'logs');
export const BIN_DIR = join(CACHE, 'bin');

export function readInfraConfig() {
  const cfg = JSON.parse(readFileSync(CONFIG_FILE, 'utf8'));
  if (!cfg.infra) throw new Error(`${CONFIG_FILE} has no "infra" key`);
  return cfg.infra;
}

export const logFile = (name) => join(LOG_DIR, `${name}.log`);
export const rel = (p) => (p.startsWith(ROOT + '/') ? p.slice(ROOT.length + 1) : p);
