import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The two classic hooks rules only. The plugin's v7 `recommended` also brings the React
 * Compiler checks (purity, refs, set-state-in-effect…), which judge a compiler we do not use.
 */
export const reactHooksRules = [
  {
    files: ['apps/console/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
];
