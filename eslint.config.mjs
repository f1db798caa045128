// Root lint config. Module boundaries: apps never import each other, libs are reached only
// through their entry point, and the browser app cannot pull in Node-only libraries.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { dirname, join, relative, resolve, sep } from 'node:path';

// apps/web feature modules (bulletproof-react): a module reaches another only through its
// index.ts; shared code (lib/, components/) depends on no module; only the router (src/app) may
// lazy-import a module's page file, so every page stays its own chunk.
const webSrc = join(import.meta.dirname, 'apps/web/src');
const moduleEntryPoints = {
  meta: {
    type: 'problem',
    messages: {
      internal: "Import '{{target}}' through the module's entry point ('modules/{{module}}', its index.ts).",
      shared: 'Shared code (lib/, components/) must not import a feature module ({{module}}).',
    },
    schema: [],
  },
  create(context) {
    const from = relative(webSrc, context.filename).split(sep);
    if (from[0] === '..') return {};
    const check = (node, dynamic) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = relative(webSrc, resolve(dirname(context.filename), spec)).split(sep);
      if (target[0] !== 'modules' || target.length < 2) return;
      const module = target[1];
      if (from[0] === 'modules' && from[1] === module) return;
      if (from[0] === 'lib' || from[0] === 'components')
        return context.report({ node, messageId: 'shared', data: { module } });
      const entry = target.length === 2 || (target.length === 3 && target[2] === 'index');
      if (entry || (dynamic && from[0] === 'app')) return;
      context.report({ node, messageId: 'internal', data: { target: spec, module } });
    };
    return {
      ImportDeclaration: (node) => check(node, false),
      ExportNamedDeclaration: (node) => check(node, false),
      ExportAllDeclaration: (node) => check(node, false),
      ImportExpression: (node) => check(node, true),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.cache/**',
      '.local/**',
      '.nx/**',
      'coverage/**',
      'tmp/**',
      // Real artifacts kept byte-for-byte as published (test data, not project code).
      'apps/e2e/src/renderer/corpus/items/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:contracts', 'type:util'],
            },
            {
              sourceTag: 'type:feature',
              onlyDependOnLibsWithTags: ['type:data-access', 'type:contracts', 'type:util'],
            },
            {
              sourceTag: 'type:data-access',
              onlyDependOnLibsWithTags: ['type:data-access', 'type:contracts', 'type:util'],
            },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts', 'type:util'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            {
              sourceTag: 'scope:web',
              onlyDependOnLibsWithTags: ['scope:shared'],
              notDependOnLibsWithTags: ['runtime:node'],
            },
            // The browser extension runs in the user's browser like the SPA: shared, browser-safe libs only.
            {
              sourceTag: 'scope:extension',
              onlyDependOnLibsWithTags: ['scope:shared'],
              notDependOnLibsWithTags: ['runtime:node'],
            },
            ...[
              'gateway',
              'identity',
              'billing',
              'artifacts',
              'analytics',
              'onboarding',
              'usercontent',
              'thumbnailer',
              'cli',
            ].map((s) => ({
              sourceTag: `scope:${s}`,
              // The thumbnailer is the artifacts context's worker: it shares that context's store
              // (libs/artifact-store).
              onlyDependOnLibsWithTags: [
                'scope:shared',
                `scope:${s}`,
                ...(s === 'thumbnailer' ? ['scope:artifacts'] : []),
              ],
            })),
          ],
        },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Nest injects by class reference, so type-only imports must stay value imports there.
      '@typescript-eslint/no-extraneous-class': 'off',
    },
  },
  {
    files: [
      '**/*.controller.ts',
      '**/*.service.ts',
      '**/*.module.ts',
      '**/*.repository.ts',
      '**/*.guard.ts',
      '**/*.relay.ts',
      '**/*.consumer.ts',
      '**/*.indicator.ts',
      '**/*.processor.ts',
      '**/*.filter.ts',
      '**/*.middleware.ts',
    ],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.spec.tsx', '**/testing/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, web: { rules: { 'module-entry-points': moduleEntryPoints } } },
    rules: { ...reactHooks.configs.recommended.rules, 'web/module-entry-points': 'error' },
  },
  {
    files: ['apps/extension/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.webextensions } },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
