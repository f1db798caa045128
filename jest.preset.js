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
    },
    moduleNameMapper: {
      '^@core-vault/platform/testing$': `${root}/libs/platform/src/testing/index.ts`,
      '^@core-vault/(contracts|platform)$': `${root}/libs/$1/src/index.ts`,
    },
    moduleFileExtensions: ['ts', 'js', 'json'],
    setupFilesAfterEnv: kind === 'int' ? [`${root}/tools/jest/int-setup.js`] : [],
  };
};
