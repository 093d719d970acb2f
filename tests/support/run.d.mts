export interface TestRun {
  runId: string;
  /** A Postgres URL without a database name. */
  postgresUrl: string;
  redisUrl: string;
}
export interface TestServers {
  postgresUrl: string;
  redisUrl: string;
  stop(): Promise<void>;
}
export function newRunId(): string;
export function databasePrefix(runId: string): string;
export function templateDatabase(runId: string): string;
export function redisPrefix(runId: string): string;
export function publishTestRun(run: TestRun): void;
export function currentTestRun(): TestRun;
export function startTestServers(): Promise<TestServers>;
export function cleanUpTestRun(run: TestRun): Promise<void>;
