import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = path.resolve(import.meta.dirname, '..');
const featuresDir = 'apps/console/src/features';

/** Top-level console features, read from disk so a new feature is fenced in without edits. */
const consoleFeatures = readdirSync(path.join(root, featuresDir), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A feature is reached from another feature only through its `index.ts` (bulletproof-react). */
const featureZones = consoleFeatures.map((feature) => ({
  target: consoleFeatures
    .filter((other) => other !== feature)
    .map((other) => `${featuresDir}/${other}`),
  from: `${featuresDir}/${feature}`,
  except: ['./index.ts'],
  message: `Import the ${feature} feature through features/${feature}/index.ts; its other files are its own.`,
}));

/** Apps never import each other; libs never import apps (see also no-restricted-imports). */
const appZones = [
  {
    target: 'apps/console',
    from: 'apps/api',
    message: 'The console talks to the API over HTTP only.',
  },
  { target: 'apps/api', from: 'apps/console', message: 'The API never imports console code.' },
  { target: 'libs', from: 'apps', message: 'libs/* never import app code.' },
];

export const importRules = [
  {
    files: ['apps/**/*.{ts,tsx}', 'libs/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the plugin skips .ts files when it follows imports (no-cycle saw nothing).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            path.join(root, 'tsconfig.json'),
            path.join(root, 'apps/console/tsconfig.json'),
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...appZones, ...featureZones] },
      ],
    },
  },
  {
    // A cycle between API modules or lib files makes load order decide what is undefined at
    // start-up (ESM + decorator metadata), and says two rooms should be one or split again.
    files: ['apps/api/src/**/*.ts', 'libs/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
];
