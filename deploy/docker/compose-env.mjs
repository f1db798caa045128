#!/usr/bin/env node
// Writes the key material docker-compose.yml reads through env_file, into the ignored .local:
//
//   .local/compose/auth.env       AUTH_PUBLIC_KEY                        (every app that verifies tokens)
//   .local/compose/identity.env   AUTH_PRIVATE_KEY, IDENTITY_HMAC_SECRET (identity only)
//   .local/compose/analytics.env  ANALYTICS_VISITOR_SALT                 (analytics only)
//   .local/compose/usercontent.env ARTIFACT_ORIGIN_SECRET                (the renderer only)
//
// The token keys are the development pair of .local/dev-keys (made on first use, the same files
// libs/platform's localDevKeys() uses), so tokens from `npm start` and from the compose stack
// verify alike. No key ever sits in the repository. Node built-ins only.
//
//   node deploy/docker/compose-env.mjs && docker compose up --build
import { createHash, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const COMPOSE_ENV_DIR = join(ROOT, '.local/compose');

function devKeys() {
  const dir = join(ROOT, '.local/dev-keys');
  const pub = join(dir, 'auth-ed25519.pub.pem');
  const key = join(dir, 'auth-ed25519.key.pem');
  if (!existsSync(pub) || !existsSync(key)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const pair = generateKeyPairSync('ed25519');
    writeFileSync(key, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), { mode: 0o600 });
    writeFileSync(pub, pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  }
  return { publicKey: readFileSync(pub, 'utf8'), privateKey: readFileSync(key, 'utf8') };
}

/** One env-file line; PEM newlines as \n inside double quotes (Compose expands them). */
const line = (name, value) => `${name}="${value.trim().replaceAll('\n', '\\n')}"\n`;

/** Writes the env files and returns their paths by name. */
export function writeComposeEnv() {
  const keys = devKeys();
  mkdirSync(COMPOSE_ENV_DIR, { recursive: true, mode: 0o700 });
  const files = {
    auth: join(COMPOSE_ENV_DIR, 'auth.env'),
    identity: join(COMPOSE_ENV_DIR, 'identity.env'),
    analytics: join(COMPOSE_ENV_DIR, 'analytics.env'),
    usercontent: join(COMPOSE_ENV_DIR, 'usercontent.env'),
  };
  // Derived from the dev key like the local defaults, so they are stable across runs.
  const derived = (purpose) => createHash('sha256').update(`${purpose}:${keys.privateKey}`).digest('hex');
  writeFileSync(files.auth, line('AUTH_PUBLIC_KEY', keys.publicKey), { mode: 0o600 });
  writeFileSync(
    files.identity,
    line('AUTH_PRIVATE_KEY', keys.privateKey) + line('IDENTITY_HMAC_SECRET', derived('hmac')),
    { mode: 0o600 },
  );
  writeFileSync(files.analytics, line('ANALYTICS_VISITOR_SALT', derived('visitors')), { mode: 0o600 });
  writeFileSync(files.usercontent, line('ARTIFACT_ORIGIN_SECRET', derived('origins')), { mode: 0o600 });
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = writeComposeEnv();
  for (const file of Object.values(files)) process.stdout.write(`wrote ${file}\n`);
}
