#!/usr/bin/env node
// `web-ext lint` (Mozilla's add-on linter, programmatically) on a fresh Firefox build:
//   node apps/extension/scripts/lint-firefox.mjs [--out DIR]
// Prints {errors, warnings, notices} as JSON and exits 1 when there is an error.
import webExt from 'web-ext';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildExtension } from './build.mjs';

const { values } = parseArgs({ options: { out: { type: 'string' }, 'vault-origin': { type: 'string' } } });
const out = values.out ?? mkdtempSync(join(tmpdir(), 'cv-extension-'));
const built = await buildExtension({ out, vaultOrigin: values['vault-origin'] });
const result = await webExt.cmd.lint(
  {
    sourceDir: built.folders.firefox,
    output: 'none',
    boring: true,
    selfHosted: false,
    warningsAsErrors: false,
  },
  { shouldExitProgram: false },
);
const brief = (m) => ({ code: m.code, message: m.message, file: m.file });
console.log(
  JSON.stringify({
    folder: built.folders.firefox,
    zips: built.zips,
    errors: result.errors.map(brief),
    warnings: result.warnings.map(brief),
    notices: result.notices.map(brief),
  }),
);
process.exit(result.errors.length ? 1 : 0);
