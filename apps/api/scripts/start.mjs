// `npm start`: install if missing, build, then run the supervisor (apps/api/src/cluster.ts),
// which creates the database if missing, migrates, and starts KHATA_API_PROCESSES API
// processes on one port (they seed an empty database and serve the console) and KHATA_WORKERS
// job workers; one of each by default.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, ensureInstalled, repoRoot } from './workspace.mjs';

// `npm start` is the demo on your machine: development, with the demo network seeded on an
// empty database. A server sets NODE_ENV=production itself (the API refuses to start without
// NODE_ENV), and production never seeds demo users whatever SEED_DEMO says.
process.env.NODE_ENV ??= 'development';
process.env.SEED_DEMO ??= process.env.NODE_ENV === 'development' ? 'true' : 'false';

try {
  ensureInstalled();
  build();
} catch (error) {
  console.error(`Khata cannot start: ${error.message}`);
  process.exit(1);
}

// In this process: it becomes the cluster's primary, and its signals reach the supervisor.
await import(pathToFileURL(resolve(repoRoot, 'apps/api/dist/cluster.js')).href);
