// Shared Jest settings: SWC keeps decorator metadata (Nest DI needs it) and maps workspace
// libs to their sources so tests never depend on a previous build.
const path = require('node:path');

/**
 * The integration suites that start whole stacks of their own: the Chromium suites and the crash
 * tests (private Kafka, MongoDB and Redis). `npm test` runs them as a lane beside the rest
 * (JEST_INT_LANE=stacks|services), so one lane's CPU time and the other's waits on Kafka
 * rebalances and timers overlap; the split keeps the two lanes about equally long (measured in
 * the README). Unset, a run takes both.
 */
const STACK_SUITES = [
  '/apps/e2e/src/renderer/',
  '/apps/e2e/src/web/',
  '/apps/e2e/src/durability/',
  // Not a stack, but the longest suite (~220 s of image builds): with #20's search and beacon
  // suites in the services lane, it evens the lanes out again.
  '/deploy/src/dockerfile.int-spec.ts',
  // A whole stack of its own (API only) and ~150 s: moved over when the corpus no longer retried
  // its heaviest item alone at the end (the stacks lane lost ~300 s, the services lane was longer).
  '/apps/e2e/src/fuzz/api-fuzz.int-spec.ts',
];

/** @param {'unit'|'int'} kind */
function laneFilter(kind) {
  const lane = process.env.JEST_INT_LANE;
  if (kind !== 'int' || !lane) return {};
  if (lane === 'services') return { testPathIgnorePatterns: ['/node_modules/', ...STACK_SUITES] };
  if (lane === 'stacks')
    return {
      testRegex: STACK_SUITES.map((entry) =>
        entry.endsWith('.ts')
          ? `${entry.replace(/\//g, '[/]').replace(/\./g, '\\.')}$`
          : `${entry.replace(/\//g, '[/]')}.*\\.int-spec\\.ts$`,
      ),
    };
  throw new Error(`JEST_INT_LANE must be "stacks" or "services", not "${lane}"`);
}

/** @param {string} projectDir @param {'unit'|'int'} kind */
module.exports = function preset(projectDir, kind) {
  const root = path.resolve(__dirname);
  const lane = laneFilter(kind);
  return {
    displayName: `${path.relative(root, projectDir)}:${kind}`,
    rootDir: projectDir,
    testEnvironment: 'node',
    ...(lane.testRegex
      ? { testRegex: lane.testRegex }
      : { testMatch: kind === 'unit' ? ['<rootDir>/src/**/*.spec.ts'] : ['<rootDir>/src/**/*.int-spec.ts'] }),
    ...(lane.testPathIgnorePatterns ? { testPathIgnorePatterns: lane.testPathIgnorePatterns } : {}),
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
      // stream-json 3 (and its stream-chain) ship ESM only: each entry the imports use, bundled.
      '/node_modules/stream-json/src/.+\\.js$': `${root}/tools/jest/bundle-cjs-transform.js`,
    },
    transformIgnorePatterns: [
      '/node_modules/(?!sanitize-html/index\\.js$|jose/dist/webapi/index\\.js$|stream-json/src/)',
    ],
    moduleNameMapper: {
      '^@core-vault/platform/testing$': `${root}/libs/platform/src/testing/index.ts`,
      '^@core-vault/(contracts|platform|artifact-detection|demo-catalogue|api-client|mcp|artifact-store)$': `${root}/libs/$1/src/index.ts`,
      // marked ships ESM only; Node 20.19+ require()s it natively, Jest does not: use its UMD build.
      '^marked$': require.resolve('marked').replace(/marked\.esm\.js$/, 'marked.umd.js'),
    },
    moduleFileExtensions: ['ts', 'js', 'json'],
    setupFilesAfterEnv: kind === 'int' ? [`${root}/tools/jest/int-setup.js`] : [],
  };
};
