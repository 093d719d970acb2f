// Types of what the tests use from haproxy.mjs.
import type { ChildProcess } from 'node:child_process';

export interface HaproxyOptions {
  port: number;
  apiPorts: [number, number];
  statsPort: number;
  socket: string;
  address?: string;
  logFile?: string;
  detached?: boolean;
}

export interface RunningHaproxy {
  process: ChildProcess;
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

export const haproxyConfig: string;
export function haproxyInstalled(): boolean;
export function haproxyEnv(options: HaproxyOptions): Record<string, string>;
export function startHaproxy(options: HaproxyOptions): Promise<RunningHaproxy>;
export function haproxyCommand(socket: string, command: string): Promise<string>;
export function serverStats(statsPort: number): Promise<Record<string, Record<string, string>>>;
export function serverStates(statsPort: number): Promise<Record<string, string>>;
export function serverReaches(
  statsPort: number,
  server: string,
  state: string,
  timeoutMs?: number,
): Promise<void>;
export function freePort(): Promise<number>;
