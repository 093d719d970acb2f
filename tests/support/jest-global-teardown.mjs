import { cleanUpTestRun, currentTestRun } from './run.mjs';

export default async function globalTeardown() {
  await cleanUpTestRun(currentTestRun());
  await globalThis.khataTestServers?.stop();
}
