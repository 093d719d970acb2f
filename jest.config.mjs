// Jest runs in its ESM mode (NestJS 12 is ESM only): see docs/testing.md.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      keepClassNames: true,
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

const common = {
  rootDir: import.meta.dirname,
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@khata/domain$': '<rootDir>/libs/domain/src/index.ts',
    '^@khata/ledger$': '<rootDir>/libs/ledger/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
};

export default {
  // Read only at the top level, not per project: integration hooks start apps and hash passwords.
  testTimeout: 30000,
  // Three files at a time whatever the core count (Jest's default is cores - 1: one on the
  // 2-core CI machine). The integration files mostly wait on Postgres, Redis and their own
  // timers, each in a database of its own, so they overlap well: on the quiet 2-core machine
  // 4 min 18 s one at a time, 2 min 11 s three at a time (docs/testing.md).
  // KHATA_JEST_WORKERS overrides it.
  maxWorkers: Number(process.env.KHATA_JEST_WORKERS ?? 3),
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/libs/*/src/**/*.spec.ts',
        '<rootDir>/apps/api/src/**/*.spec.ts',
        '<rootDir>/tests/unit/**/*.spec.ts',
      ],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/support/jest-global-setup.mjs',
      globalTeardown: '<rootDir>/tests/support/jest-global-teardown.mjs',
    },
    {
      // The middle tier: the application module with a real database, no HTTP (docs/testing.md).
      ...common,
      displayName: 'medium',
      testMatch: ['<rootDir>/tests/medium/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/support/jest-global-setup.mjs',
      globalTeardown: '<rootDir>/tests/support/jest-global-teardown.mjs',
    },
  ],
};
