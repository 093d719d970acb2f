export interface TestRun {
  runId: string;
  /** A Postgres URL without a database name. */
  postgresUrl: string;
  redisUrl: string;
}
export interface TestServers {
  postgresUrl: string;
  redisUrl: string;
  kind: 'containers' | 'local';
  /** The one line printed at start: which servers, and why. */
  label: string;
  stop(): Promise<void>;
}
export interface DockerEngine {
  where: string;
  answers(): Promise<boolean>;
  hasImage(image: string): Promise<boolean>;
  pull(image: string): Promise<void>;
}
export interface TestServersChoice {
  kind: 'containers' | 'local';
  reason: string;
}
export const TEST_IMAGES: { postgres: string; redis: string };
export function chooseTestServers(options: {
  env?: Record<string, string | undefined>;
  engine: DockerEngine;
  images?: Record<string, string>;
}): Promise<TestServersChoice>;
export function dockerEngine(options?: {
  socketPath?: string;
  pullStartMs?: number;
}): DockerEngine & {
  removeContainers(filters: Record<string, string[]>): Promise<unknown[]>;
  removeOrphans(): Promise<void>;
};
export function stopRunContainers(runId: string): Promise<void>;
export function newRunId(): string;
export function databasePrefix(runId: string): string;
export function templateDatabase(runId: string): string;
export function redisPrefix(runId: string): string;
export function publishTestRun(run: TestRun): void;
export function currentTestRun(): TestRun;
export function startTestServers(options?: { runId?: string }): Promise<TestServers>;
export function cleanUpTestRun(run: TestRun): Promise<void>;
