import { newRunId, publishTestRun, startTestServers } from './run.mjs';

/** Once per Jest run: the servers, and a run id that names everything the run makes. */
export default async function globalSetup() {
  const servers = await startTestServers();
  globalThis.khataTestServers = servers;
  publishTestRun({
    runId: newRunId(),
    postgresUrl: servers.postgresUrl,
    redisUrl: servers.redisUrl,
  });
}
