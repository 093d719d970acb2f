import { cleanUpTestRun, currentTestRun } from './run.mjs';

/** Once per Jest run, however many projects name it (see jest-global-setup.mjs). */
export default async function globalTeardown() {
  if (!globalThis.khataTestServers) return;
  const servers = globalThis.khataTestServers;
  globalThis.khataTestServers = undefined;
  await cleanUpTestRun(currentTestRun());
  await servers.stop();
}
