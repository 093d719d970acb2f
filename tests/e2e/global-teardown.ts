import { cleanUpTestRun, currentTestRun } from '../support/run.mjs';

export default async function globalTeardown(): Promise<void> {
  await cleanUpTestRun(currentTestRun());
}
