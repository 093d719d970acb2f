// `npm start`: install if missing, build, then run the API, which creates the database if
// missing, migrates, seeds an empty one and serves the console on the same port.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { build, ensureInstalled, repoRoot } from './workspace.mjs';

try {
  ensureInstalled();
  build();
} catch (error) {
  console.error(`Khata cannot start: ${error.message}`);
  process.exit(1);
}

const api = spawn(process.execPath, [resolve(repoRoot, 'apps/api/dist/main.js')], {
  cwd: repoRoot,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
