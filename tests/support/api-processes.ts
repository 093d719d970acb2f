import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pkcs8, type TestApi } from './test-api.js';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface ApiChild {
  process: ChildProcess;
  /** Everything it printed, for a failing test's message. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output (also one printed already). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Sends a signal, then waits for the exit; answers the exit code (null after a signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * What a process of the test API's deployment is started with: its database, Redis prefix and
 * secrets, a state folder of its own, no demo seed, no console, any free port.
 */
export function deploymentEnv(api: TestApi, name: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    PORT: '0',
    SEED_DEMO: 'false',
    CONSOLE_DIST: '',
    DATABASE_URL: api.databaseUrl,
    REDIS_URL: api.config.redisUrl,
    REDIS_PREFIX: api.config.redisPrefix,
    JWT_SECRET: api.config.jwtSecret.reveal(),
    PIN_PEPPER: api.config.pinPepper.reveal(),
    DATA_KEY: api.config.dataKey.reveal(),
    LOOKUP_KEY: api.config.lookupKey.reveal(),
    LEDGER_SIGNING_KEY: pkcs8(api.config.ledgerSigningKey),
    KHATA_STATE_DIR: mkdtempSync(join(tmpdir(), `khata-${name}-`)),
  };
}

/**
 * A production entry point of the API (`main`, `worker` or `cluster`, npm start's supervisor)
 * in a process of its own, run from the TypeScript sources through ts-register.mjs, on the test
 * API's database, Redis prefix and secrets: one more process of the same deployment.
 */
export function startApiChild(
  api: TestApi,
  entry: 'main' | 'worker' | 'cluster',
  env: NodeJS.ProcessEnv = {},
): ApiChild {
  const child = spawn(
    process.execPath,
    [
      '--import',
      join(repoRoot, 'tests/support/ts-register.mjs'),
      join(repoRoot, `apps/api/src/${entry}.ts`),
    ],
    {
      cwd: repoRoot,
      env: { ...deploymentEnv(api, entry), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const waiting = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiting) check();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  return {
    process: child,
    output: () => output,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((found, failed) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          failed(new Error(`No ${pattern} within ${timeoutMs} ms. Output:\n${output}`));
        }, timeoutMs);
        const check = () => {
          const match = pattern.exec(output);
          if (!match) return;
          clearTimeout(timer);
          waiting.delete(check);
          found(match);
        };
        waiting.add(check);
        check();
        void exited.then(() => {
          if (!waiting.has(check)) return;
          clearTimeout(timer);
          waiting.delete(check);
          failed(new Error(`Exited before ${pattern}. Output:\n${output}`));
        });
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** The URL an API child printed in its welcome. */
export async function urlOf(child: ApiChild): Promise<string> {
  const [, port] = await child.waitFor(/running at http:\/\/localhost:(\d+)/);
  return `http://127.0.0.1:${port}`;
}
