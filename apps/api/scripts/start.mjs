// `npm start`: install if missing, build, then run the supervisor (apps/api/src/cluster.ts),
// which creates the database if missing, migrates, and starts KHATA_API_PROCESSES API
// processes on one port (they seed an empty database and serve the console) and KHATA_WORKERS
// job workers; one of each by default.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, ensureInstalled, repoRoot } from './workspace.mjs';

try {
  ensureInstalled();
  build();
} catch (error) {
  console.error(`Khata cannot start: ${error.message}`);
  process.exit(1);
}

// In this process: it becomes the cluster's primary, and its signals reach the supervisor.
await import(pathToFileURL(resolve(repoRoot, 'apps/api/dist/cluster.js')).href);
