import cluster from 'node:cluster';
import { observeAppends } from '@khata/ledger';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The figures each process counts for itself (Prometheus, prom-client): HTTP requests, ledger
 * appends, rate-limit refusals, open sockets. Under `npm start`'s cluster the scraped process
 * asks the primary, which sums every process's figures (AggregatorRegistry); figures that are
 * the same whichever process reads them (payouts, queues, lag) are read at scrape time instead
 * (metrics/metrics.service.ts). docs/operations.md lists them.
 */
export const processRegistry = new Registry();
// Only these are sent when the cluster's primary asks (not prom-client's global registry).
AggregatorRegistry.setRegistries([processRegistry]);
// prom-client answers the primary's requests only once an AggregatorRegistry was made here.
if (cluster.isWorker) new AggregatorRegistry();

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpDuration = new Histogram({
  name: 'khata_http_request_duration_seconds',
  help: 'HTTP requests by route template, method and status, and how long they took.',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: SECONDS,
  registers: [processRegistry],
});

export const ledgerAppends = new Counter({
  name: 'khata_ledger_appends_total',
  help: 'Ledger appends by outcome (appended, replayed, refused, failed) and path (single, batched).',
  labelNames: ['outcome', 'path'] as const,
  registers: [processRegistry],
});

export const ledgerAppendDuration = new Histogram({
  name: 'khata_ledger_append_duration_seconds',
  help: 'How long ledger appends took, retries and group-commit waiting included.',
  labelNames: ['path'] as const,
  buckets: SECONDS,
  registers: [processRegistry],
});

export const rateLimitRefusals = new Counter({
  name: 'khata_rate_limit_refusals_total',
  help: 'Requests refused with 429 by a rate limit, by the limit rule.',
  labelNames: ['rule'] as const,
  registers: [processRegistry],
});

export const openSockets = new Gauge({
  name: 'khata_open_sockets',
  help: 'Signed-in socket.io connections open now (live updates).',
  registers: [processRegistry],
});

observeAppends(({ outcome, path, seconds }) => {
  ledgerAppends.inc({ outcome, path });
  ledgerAppendDuration.observe({ path }, seconds);
});
