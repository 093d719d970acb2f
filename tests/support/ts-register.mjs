// `node --import ./tests/support/ts-register.mjs apps/api/src/worker.ts`: see ts-hooks.mjs.
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
