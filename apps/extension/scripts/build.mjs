#!/usr/bin/env node
// Builds the extension: node apps/extension/scripts/build.mjs [--vault-origin URL] [--out DIR]
// → DIR/chromium/ and DIR/firefox/ (load-unpacked / temporary add-on folders) and
//   DIR/core-vault-extension-<version>-chromium.zip / -firefox.zip (store uploads).
// The version is apps/extension/package.json's; the vault origin (flag, else CORE_VAULT_ORIGIN,
// else http://127.0.0.1:4200 — `npm start`) decides the vault host permission and the connect
// bridge's match. The scripts are bundled once with esbuild (no remote code, no eval) and shared
// by both browsers; only the manifests differ (src/manifest/manifest.ts).
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { iconPng } from './icons.mjs';
import { zipFolder } from './zip.mjs';

const appDir = resolve(import.meta.dirname, '..');
const root = resolve(appDir, '../..');
const srcDir = join(appDir, 'src');
const tsconfig = join(appDir, 'tsconfig.json');
/** Folders whose .html and .css files are the extension pages (copied flat into the build). */
const PAGE_DIRS = ['popup', 'options', 'ui'];
const ICON_SIZES = [16, 32, 48, 128];
const TARGETS = ['chromium', 'firefox'];

/** Loads the manifest builder (TypeScript) through esbuild, so the build and its spec share it. */
async function loadManifestBuilder() {
  const out = await build({
    entryPoints: [join(srcDir, 'manifest/manifest.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'silent',
  });
  const code = out.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

async function bundleScripts(outDir, { vaultOrigin, version }) {
  const entries = JSON.parse(readFileSync(join(srcDir, 'entries.json'), 'utf8'));
  for (const [entry, output] of Object.entries(entries)) {
    await build({
      entryPoints: [join(srcDir, entry)],
      outfile: join(outDir, output),
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: ['chrome120', 'firefox142'],
      tsconfig,
      // Readable output: store reviewers read what runs; nothing here is secret.
      minify: false,
      sourcemap: false,
      legalComments: 'none',
      charset: 'utf8',
      define: {
        __CORE_VAULT_ORIGIN__: JSON.stringify(vaultOrigin),
        __CORE_VAULT_VERSION__: JSON.stringify(version),
      },
      logLevel: 'warning',
    });
  }
}

function copyPages(outDir) {
  for (const dir of PAGE_DIRS) {
    let names = [];
    try {
      names = readdirSync(join(srcDir, dir));
    } catch {
      continue;
    }
    for (const name of names.filter((n) => n.endsWith('.html') || n.endsWith('.css')))
      copyFileSync(join(srcDir, dir, name), join(outDir, name));
  }
  // The design tokens and building blocks the web app uses too (ui.css imports them).
  for (const name of ['tokens.css', 'blocks.css'])
    copyFileSync(join(root, 'libs/ui-styles', name), join(outDir, name));
}

export async function buildExtension({ vaultOrigin: rawOrigin, out } = {}) {
  const { buildManifest, parseVaultOrigin } = await loadManifestBuilder();
  const vaultOrigin = parseVaultOrigin(rawOrigin ?? process.env.CORE_VAULT_ORIGIN ?? 'http://127.0.0.1:4200');
  const version = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')).version;
  const outDir = resolve(out ?? join(root, 'dist/apps/extension'));
  const shared = join(outDir, '.shared');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(shared, 'icons'), { recursive: true });
  await bundleScripts(shared, { vaultOrigin, version });
  copyPages(shared);
  for (const size of ICON_SIZES) writeFileSync(join(shared, 'icons', `icon-${size}.png`), iconPng(size));

  const result = { outDir, version, vaultOrigin, folders: {}, zips: {} };
  for (const target of TARGETS) {
    const dir = join(outDir, target);
    copyTree(shared, dir);
    writeFileSync(
      join(dir, 'manifest.json'),
      `${JSON.stringify(buildManifest(target, { version, vaultOrigin }), null, 2)}\n`,
    );
    const zip = join(outDir, `core-vault-extension-${version}-${target}.zip`);
    writeFileSync(zip, zipFolder(dir));
    result.folders[target] = dir;
    result.zips[target] = zip;
  }
  rmSync(shared, { recursive: true, force: true });
  return result;
}

function copyTree(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    const dst = join(to, entry.name);
    if (entry.isDirectory()) copyTree(src, dst);
    else {
      mkdirSync(dirname(dst), { recursive: true });
      copyFileSync(src, dst);
    }
  }
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const { values } = parseArgs({ options: { 'vault-origin': { type: 'string' }, out: { type: 'string' } } });
  try {
    const r = await buildExtension({ vaultOrigin: values['vault-origin'], out: values.out });
    console.log(`Core Vault extension ${r.version} for ${r.vaultOrigin}`);
    for (const target of TARGETS)
      console.log(`  ${target}: ${r.folders[target]}\n           ${r.zips[target]}`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
