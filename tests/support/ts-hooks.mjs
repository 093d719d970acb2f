// Node module hooks that run the API's TypeScript sources in a child process without a build
// or tsx: `.ts` files go through @swc/core (the same settings as Jest), `./x.js` imports find
// `./x.ts`, and @khata/domain and @khata/ledger resolve to their sources.
import { transformSync } from '@swc/core';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = new URL('../../', import.meta.url);
const ALIASES = {
  '@khata/domain': new URL('libs/domain/src/index.ts', root).href,
  '@khata/ledger': new URL('libs/ledger/src/index.ts', root).href,
};

export async function resolve(specifier, context, next) {
  if (ALIASES[specifier]) return { url: ALIASES[specifier], shortCircuit: true };
  const relative = specifier.startsWith('./') || specifier.startsWith('../');
  if (relative && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const url = new URL(specifier, context.parentURL);
    const ts = `${url.href.slice(0, -3)}.ts`;
    if (!existsSync(fileURLToPath(url)) && existsSync(fileURLToPath(ts))) {
      return { url: ts, shortCircuit: true };
    }
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const filename = fileURLToPath(url);
  const { code } = transformSync(await readFile(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      keepClassNames: true,
      target: 'es2022',
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  });
  return { format: 'module', source: code, shortCircuit: true };
}
