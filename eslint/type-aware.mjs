/**
 * Type-aware rules, chosen one by one rather than `recommendedTypeChecked` (which flags
 * ~200 style points here, mostly redundant `!` assertions). Each catches a bug the compiler
 * lets through; see docs/decisions.md "Lint rules (issue 11)".
 */
export const typeAwareRules = [
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      // Each file is typed by its nearest tsconfig.json: the root one (API, libs, tests) or
      // apps/console's (DOM, bundler resolution).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname + '/..' },
    },
    rules: {
      // A promise nobody awaits loses its rejection: an unhandled rejection kills the API,
      // and a test that forgets `await` passes before its assertion runs.
      '@typescript-eslint/no-floating-promises': 'error',
      // An async callback where void is expected (event handlers, forEach, Express/Nest
      // hooks, `if (promise)`): its failure escapes every try/catch.
      '@typescript-eslint/no-misused-promises': 'error',
      // `await` on a non-promise is usually a sync call mistaken for an async one.
      '@typescript-eslint/await-thenable': 'error',
      // `return promise` inside try skips the catch/finally that was meant to guard it.
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      // Errors carry codes and stacks: throwing or rejecting with a string loses both.
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
    },
  },
];
