import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import ledgerTables from './eslint/ledger-tables.mjs';
import ledgerReads from './eslint/ledger-reads.mjs';
import money from './eslint/money.mjs';
import payoutKinds from './eslint/payout-kinds.mjs';
import inlineMessages from './eslint/inline-messages.mjs';
import sqlHomes from './eslint/sql-homes.mjs';
import { importRules } from './eslint/imports.mjs';
import { typeAwareRules } from './eslint/type-aware.mjs';
import { reactHooksRules } from './eslint/react-hooks.mjs';
import { restrictedSyntax } from './eslint/restricted-syntax.mjs';

const frameworkImports = {
  patterns: [
    {
      group: ['@nestjs/*', 'typeorm', 'react', 'react-dom', 'react-router*', 'antd', '**/apps/*'],
      message: 'libs/* stay framework-free: no Nest, TypeORM, React or app code (STYLE.md).',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'tests/.artifacts/**',
      // docker/images/build.sh's cache: a Debian root filesystem and Node's own npm.
      '.cache/**',
      '.khata/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['libs/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', frameworkImports] },
  },
  {
    files: ['libs/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...frameworkImports.patterns,
            {
              group: ['pg', 'ioredis', 'bullmq', '@khata/ledger'],
              message: 'libs/domain is pure TypeScript.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@khata/ledger', '@khata/api', 'pg', 'ioredis', 'bullmq', '@nestjs/*'],
              message:
                'The console reaches money and the server over HTTP only (docs/architecture.md, Layers).',
            },
          ],
        },
      ],
    },
  },
  // One no-restricted-syntax for all selector groups: two blocks setting it would drop one.
  ...restrictedSyntax(money, ledgerTables, sqlHomes, payoutKinds, inlineMessages),
  ...ledgerReads,
  ...typeAwareRules,
  ...reactHooksRules,
  ...importRules,
  prettier,
);
