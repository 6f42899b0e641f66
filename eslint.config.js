// One lint configuration for the whole repository. The import boundaries of house-style.md are
// enforced here: features never import each other, packages never import apps, and
// packages/health (the innermost layer) never imports packages/api.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './tools/eslint/import-boundaries.js';

const root = path.dirname(fileURLToPath(import.meta.url));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'e2e/artifacts/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { boundaries },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'boundaries/import-boundaries': ['error', { root }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A session key's parts are read only where a read checks the session
    // (docs/decisions/0048-server-layout.md): nowhere else may open one or make one.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/db/live-session.ts',
      'apps/server/src/plugins/auth.ts',
      'apps/server/src/readings/readings.repository.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [],
          patterns: [
            {
              group: ['**/db/live-session.ts', './live-session.ts'],
              importNames: ['sealSessionKey', 'sessionKeyValues'],
              message:
                'Only plugins/auth.ts makes a session key and only live-session reads open one: build the read on the key instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures that need no other fixture take an empty pattern by design.
    files: ['e2e/fixtures/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
