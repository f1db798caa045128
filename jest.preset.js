// Shared Jest settings: SWC keeps decorator metadata (Nest DI needs it) and maps workspace
// libs to their sources so tests never depend on a previous build.
const path = require('node:path');

/** @param {string} projectDir @param {'unit'|'int'} kind */
module.exports = function preset(projectDir, kind) {
  const root = path.resolve(__dirname);
  return {
    displayName: `${path.relative(root, projectDir)}:${kind}`,
    rootDir: projectDir,
    testEnvironment: 'node',
    testMatch: kind === 'unit' ? ['<rootDir>/src/**/*.spec.ts'] : ['<rootDir>/src/**/*.int-spec.ts'],
    transform: {
      '^.+\\.ts$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', decorators: true },
            transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
      // sanitize-html's parser stack (htmlparser2 12) is ESM only: bundled into CommonJS for Jest.
      '/node_modules/sanitize-html/index\\.js$': `${root}/tools/jest/bundle-cjs-transform.js`,
      // jose 6 ships ESM only (no dependencies): bundled into CommonJS for Jest the same way.
      '/node_modules/jose/dist/webapi/index\\.js$': `${root}/tools/jest/bundle-cjs-transform.js`,
    },
    transformIgnorePatterns: ['/node_modules/(?!sanitize-html/index\\.js$|jose/dist/webapi/index\\.js$)'],
    moduleNameMapper: {
      '^@core-vault/platform/testing$': `${root}/libs/platform/src/testing/index.ts`,
      '^@core-vault/(contracts|platform|artifact-detection|demo-catalogue)$': `${root}/libs/$1/src/index.ts`,
      // marked ships ESM only; Node 20.19+ require()s it natively, Jest does not: use its UMD build.
      '^marked$': require.resolve('marked').replace(/marked\.esm\.js$/, 'marked.umd.js'),
    },
    moduleFileExtensions: ['ts', 'js', 'json'],
    setupFilesAfterEnv: kind === 'int' ? [`${root}/tools/jest/int-setup.js`] : [],
  };
};
