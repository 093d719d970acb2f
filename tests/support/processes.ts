import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { randomInt } from 'node:crypto';
import { createConnection, createServer } from 'node:net';
import { deploymentEnv } from './api-processes.js';
import type { TestApi } from './test-api.js';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface ChildWorker {
  process: ChildProcess;
  /** Everything it printed, for a failing test's message. */
  output(): string;
  /** Ends it with SIGKILL: no shutdown hook runs, like a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM, then waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * A real worker process (`apps/api/src/worker.ts`, the production entry point) on the test
 * API's database and Redis prefix, run from the TypeScript sources through ts-register.mjs.
 */
export function startWorkerProcess(api: TestApi, env: NodeJS.ProcessEnv = {}): ChildWorker {
  const child = spawn(
    process.execPath,
    [
      '--import',
      join(repoRoot, 'tests/support/ts-register.mjs'),
      join(repoRoot, 'apps/api/src/worker.ts'),
    ],
    {
      cwd: repoRoot,
      env: { ...deploymentEnv(api, 'worker'), KHATA_PROCESS: 'worker', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    process: child,
    output: () => output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface PrivateRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** SIGSTOP: the port stays open and nothing answers, like a hung server. */
  freeze(): void;
  /** SIGCONT after `freeze`. */
  thaw(): void;
}

/**
 * A redis-server of the test's own on a free port, to stop and start again: the shared Redis
 * is never stopped.
 */
export function privateRedis(port: number): PrivateRedis {
  let server: ChildProcess | undefined;
  let exited: Promise<void> | undefined;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      if (server) return;
      server = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      exited = new Promise((done) => server!.once('exit', () => done()));
      await waitForPort(port, true);
    },
    freeze() {
      server?.kill('SIGSTOP');
    },
    thaw() {
      server?.kill('SIGCONT');
    },
    async stop() {
      if (!server) return;
      server.kill('SIGCONT');
      server.kill('SIGTERM');
      await exited;
      server = undefined;
      await waitForPort(port, false);
    },
  };
}

/**
 * A port for a private server: below Linux's ephemeral range (32768 and up), where outgoing
 * connections and OS-chosen ports (the containers' and other tests') take theirs, and free now.
 * A random port up to 40000 once landed on one in use: redis-server could not bind it and the
 * test waited for a port that never opened.
 */
export async function unusedPort(): Promise<number> {
  for (;;) {
    const port = 20000 + randomInt(12000);
    const free = await new Promise<boolean>((done) => {
      const probe = createServer();
      probe.once('error', () => done(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
    });
    if (free) return port;
  }
}

async function waitForPort(port: number, open: boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const isOpen = await new Promise<boolean>((done) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => (socket.destroy(), done(true)));
      socket.once('error', () => done(false));
    });
    if (isOpen === open) return;
    if (Date.now() > deadline) throw new Error(`Port ${port} did not ${open ? 'open' : 'close'}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
