import { cleanUpTestRun, currentTestRun, stopRunContainers } from '../support/run.mjs';

export default async function globalTeardown(): Promise<void> {
  const run = currentTestRun();
  await cleanUpTestRun(run);
  // The run's containers, if it had any (the config that started them holds no handle here).
  await stopRunContainers(run.runId);
}
