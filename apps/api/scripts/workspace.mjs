// Steps `npm start` and `npm test` share. Plain Node, no dependencies: they run before install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../../..');

/** Runs a command in the repository, output straight to the terminal; throws when it fails. */
export function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    throw new Error(
      `\`${[command, ...args].join(' ')}\` failed (exit ${result.status ?? result.signal}).`,
    );
  }
}

/**
 * Installs dependencies on a fresh clone; never lets a tool download a browser of its own.
 * `npm install`, not `npm ci`: our lockfile is written without registry addresses
 * (`omit-lockfile-registry-resolved`), which leaves other platforms' optional binaries out of
 * it, and `npm ci` refuses such a lockfile although it installs exactly as pinned.
 */
export function ensureInstalled() {
  if (existsSync(resolve(repoRoot, 'node_modules/.package-lock.json'))) return;
  console.log('Installing dependencies…');
  run('npm', ['install', '--no-audit', '--no-fund'], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' });
}

export function build() {
  console.log('Building libs, API and console…');
  run('npm', ['run', 'build', '--silent']);
}
