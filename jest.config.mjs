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
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/libs/*/src/**/*.spec.ts', '<rootDir>/apps/api/src/**/*.spec.ts'],
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
