// Jest transform for CommonJS packages whose dependencies ship ESM only (sanitize-html requires
// htmlparser2 12): esbuild bundles the entry with its dependencies into one CommonJS file, so
// Jest never loads an ES module. Node itself needs none of this (20.19+ require()s ESM).
const { buildSync } = require('esbuild');

module.exports = {
  process(_source, filename) {
    const out = buildSync({
      entryPoints: [filename],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      write: false,
      logLevel: 'silent',
    });
    return { code: out.outputFiles[0].text };
  },
};
