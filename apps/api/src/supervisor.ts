import cluster, { type Worker } from 'node:cluster';
import type { ReadyMessage } from './startup.js';

/** One kind of process the supervisor keeps running: so many of them, from this entry file. */
export interface ProcessGroup {
  role: 'api' | 'worker';
  count: number;
  /** The entry file (main.js or worker.js). */
  exec: string;
  env: Record<string, string>;
}

interface Slot {
  group: ProcessGroup;
  worker?: Worker;
  startedAt: number;
  /** Crashes in a row without a minute of running in between: the backoff's exponent. */
  crashes: number;
  ready?: ReadyMessage;
  restart?: NodeJS.Timeout;
}

const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
/** A process that ran this long before it crashed starts again after the first backoff. */
const STEADY_AFTER_MS = 60_000;
/** Inside the 30 s most process managers allow; the job worker itself gives up after 25 s. */
const STOP_GRACE_MS = 28_000;

const NAMES = { api: 'API process', worker: 'Worker process' } as const;

/**
 * `npm start`'s primary process (node's cluster module): forks the API processes, which share
 * one listening port (the primary accepts connections and hands them round-robin), and the job
 * workers; starts a crashed one again after a growing pause; stops them all on `stop`.
 */
export class Supervisor {
  private readonly slots: Slot[];
  private stopping = false;

  constructor(
    groups: ProcessGroup[],
    private readonly say: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  ) {
    this.slots = groups.flatMap((group) =>
      Array.from({ length: group.count }, () => ({ group, startedAt: 0, crashes: 0 })),
    );
  }

  /**
   * Forks every process; answers each one's ready message once all are ready. One that exits
   * before that fails the start (its own output says why), and the others are stopped.
   */
  async start(): Promise<ReadyMessage[]> {
    const firstRound = this.slots.map(
      (slot) =>
        new Promise<ReadyMessage>((ready, failed) => {
          const worker = this.fork(slot);
          const onExit = (code: number | null, signal: string | null) =>
            failed(
              new Error(
                `${NAMES[slot.group.role]} ${worker.process.pid} exited (${signal ?? `code ${code}`}) before it was ready.`,
              ),
            );
          worker.once('exit', onExit);
          worker.on('message', (message: unknown) => {
            if (!isReady(message)) return;
            worker.off('exit', onExit);
            ready(message);
          });
        }),
    );
    try {
      return await Promise.all(firstRound);
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  pids(role: ProcessGroup['role']): number[] {
    return this.slots
      .filter((slot) => slot.group.role === role && slot.worker?.process.pid)
      .map((slot) => slot.worker!.process.pid!);
  }

  /** SIGTERM to every process, SIGKILL to any still running after the grace period. */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    this.stopping = true;
    const running = this.slots.flatMap((slot) => {
      clearTimeout(slot.restart);
      const worker = slot.worker;
      if (!worker || worker.isDead()) return [];
      const exited = new Promise<void>((done) => worker.once('exit', () => done()));
      worker.process.kill('SIGTERM');
      return [{ worker, exited }];
    });
    const timer = setTimeout(() => {
      for (const { worker } of running) if (!worker.isDead()) worker.process.kill('SIGKILL');
    }, graceMs);
    await Promise.all(running.map(({ exited }) => exited));
    clearTimeout(timer);
  }

  /** A second signal while stopping: no more waiting. */
  kill(): void {
    this.stopping = true;
    for (const slot of this.slots) {
      clearTimeout(slot.restart);
      if (slot.worker && !slot.worker.isDead()) slot.worker.process.kill('SIGKILL');
    }
  }

  private fork(slot: Slot): Worker {
    cluster.setupPrimary({ exec: slot.group.exec });
    const worker = cluster.fork(slot.group.env);
    slot.worker = worker;
    slot.startedAt = Date.now();
    slot.ready = undefined;
    worker.on('message', (message: unknown) => {
      if (isReady(message)) slot.ready = message;
    });
    worker.on('exit', (code, signal) => this.exited(slot, worker, code, signal));
    return worker;
  }

  private exited(slot: Slot, worker: Worker, code: number | null, signal: string | null): void {
    if (this.stopping || slot.worker !== worker) return;
    const wasReady = slot.ready !== undefined;
    // Before the first round is ready, start() reports the failure and stops everything.
    if (!wasReady && slot.crashes === 0 && this.slots.some((other) => !other.ready)) return;
    slot.crashes = Date.now() - slot.startedAt >= STEADY_AFTER_MS ? 1 : slot.crashes + 1;
    const delay = Math.min(FIRST_BACKOFF_MS * 2 ** (slot.crashes - 1), MAX_BACKOFF_MS);
    const name = NAMES[slot.group.role];
    this.say(
      `${name} ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another in ${delay / 1000} s.`,
    );
    slot.restart = setTimeout(() => {
      if (this.stopping) return;
      const next = this.fork(slot);
      next.on('message', (message: unknown) => {
        if (isReady(message)) {
          this.say(`${name} ${next.process.pid} is running, in place of ${worker.process.pid}.`);
        }
      });
    }, delay);
  }
}

function isReady(message: unknown): message is ReadyMessage {
  return typeof message === 'object' && message !== null && 'khata' in message
    ? (message as { khata: unknown }).khata === 'ready'
    : false;
}
