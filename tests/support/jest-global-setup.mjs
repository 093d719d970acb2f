import { newRunId, publishTestRun, startTestServers } from './run.mjs';

/**
 * Once per Jest run: the servers, and a run id that names everything the run makes. The
 * integration and medium projects both name this file; the second call finds the run made.
 */
export default async function globalSetup() {
  if (globalThis.khataTestServers) return;
  const servers = await startTestServers();
  globalThis.khataTestServers = servers;
  publishTestRun({
    runId: newRunId(),
    postgresUrl: servers.postgresUrl,
    redisUrl: servers.redisUrl,
  });
}
