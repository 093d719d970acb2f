import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { newRunId, publishTestRun, startTestServers } from './run.mjs';

/**
 * Once per Jest run: the servers, and a run id that names everything the run makes. The
 * integration and medium projects both name this file; the second call finds the run made.
 * Which servers it used goes to tests/.artifacts/test-servers.json for tests/run.mjs to print.
 */
export default async function globalSetup() {
  if (globalThis.khataTestServers) return;
  const runId = newRunId();
  const servers = await startTestServers({ runId });
  globalThis.khataTestServers = servers;
  publishTestRun({ runId, postgresUrl: servers.postgresUrl, redisUrl: servers.redisUrl });
  const artifacts = resolve(import.meta.dirname, '../.artifacts');
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(
    resolve(artifacts, 'test-servers.json'),
    JSON.stringify({ kind: servers.kind, label: servers.label, runId }),
  );
}
