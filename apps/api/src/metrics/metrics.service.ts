import { Injectable, Logger } from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import type { ReplicaLag } from '@khata/domain';
import { LaggingReads } from '../database/lagging-reads.js';
import { JobQueue } from '../jobs/job-queue.js';
import { processMetricsText } from './cluster-metrics.js';
import { MetricsRepository, type DatabaseFigures } from './metrics.repository.js';

const PAYOUT_STATUSES = ['queued', 'processing', 'processed', 'failed', 'reversed'] as const;
const VERIFY_RESULTS = ['passed', 'failed', 'error'] as const;
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * `GET /metrics`: the processes' own figures (summed over `npm start`'s cluster) and the
 * figures read at scrape time from Postgres (one query) and Redis (the queue's counts), which
 * any process reads alike. A figure the scrape could not read is left out and
 * khata_scrape_errors says which source failed, so the rest still reaches Prometheus.
 */
@Injectable()
export class MetricsService {
  private readonly logger = new Logger('Metrics');

  constructor(
    private readonly repository: MetricsRepository,
    private readonly jobs: JobQueue,
    private readonly laggingReads: LaggingReads,
  ) {}

  readonly contentType = Registry.PROMETHEUS_CONTENT_TYPE;

  async scrape(): Promise<string> {
    const [processes, database, queue, replica] = await Promise.allSettled([
      processMetricsText(),
      this.repository.read(),
      this.jobs.depths(),
      this.laggingReads.lag(),
    ]);
    for (const [source, read] of Object.entries({ processes, database, queue })) {
      if (read.status === 'rejected') {
        this.logger.warn(`The scrape could not read ${source}: ${(read.reason as Error)?.message}`);
      }
    }
    const registry = new Registry();
    const errors = new Gauge({
      name: 'khata_scrape_errors',
      help: 'Sources this scrape could not read (1), by source: processes, database, queue.',
      labelNames: ['source'] as const,
      registers: [registry],
    });
    errors.set({ source: 'processes' }, processes.status === 'rejected' ? 1 : 0);
    errors.set({ source: 'database' }, database.status === 'rejected' ? 1 : 0);
    errors.set({ source: 'queue' }, queue.status === 'rejected' ? 1 : 0);
    if (database.status === 'fulfilled') databaseGauges(registry, database.value);
    if (queue.status === 'fulfilled') {
      const depth = new Gauge({
        name: 'khata_queue_jobs',
        help: 'BullMQ jobs by queue and state (waiting, active, delayed, failed).',
        labelNames: ['queue', 'state'] as const,
        registers: [registry],
      });
      for (const state of QUEUE_STATES) {
        depth.set({ queue: queue.value.queue, state }, queue.value[state]);
      }
    }
    if (replica.status === 'fulfilled' && replica.value.configured) {
      replicaGauges(registry, replica.value);
    }
    const own = processes.status === 'fulfilled' ? processes.value : '';
    return `${own}${own && !own.endsWith('\n') ? '\n' : ''}${await registry.metrics()}`;
  }
}

function databaseGauges(registry: Registry, figures: DatabaseFigures): void {
  const gauge = <L extends string>(name: string, help: string, labelNames: L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });

  const payouts = gauge('khata_payouts', 'Payouts by status, now.', ['status']);
  for (const status of PAYOUT_STATUSES) {
    payouts.set({ status }, figures.payoutsByStatus[status] ?? 0);
  }
  gauge(
    'khata_payout_oldest_in_flight_seconds',
    'Age of the oldest payout still queued or processing (0 when none is).',
  ).set(figures.oldestInFlightPayoutSeconds);
  gauge('khata_ledger_seq', "The ledger's highest event seq.").set(figures.ledgerSeq);
  gauge('khata_read_model_seq', "The read model's highest projected seq.").set(
    figures.projectedSeq,
  );
  gauge(
    'khata_read_model_lag_seconds',
    'Age of the oldest ledger event past the read model (0 when it is up to date).',
  ).set(figures.readModelLagSeconds);
  const verify = gauge(
    'khata_ledger_verify_last_result',
    'The last finished ledger:verify: 1 on its result (passed, failed, error), 0 on the others.',
    ['result'],
  );
  const last = figures.lastVerify;
  for (const result of VERIFY_RESULTS) verify.set({ result }, last?.status === result ? 1 : 0);
  gauge(
    'khata_ledger_verify_last_finished_timestamp_seconds',
    'When the last ledger:verify finished (Unix seconds; 0 when none has).',
  ).set(last ? last.finishedAt.getTime() / 1000 : 0);
}

/** Issue 29: the streaming replica as this process last saw it (left out when none is set). */
function replicaGauges(registry: Registry, replica: ReplicaLag): void {
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [registry] });
  gauge(
    'khata_replica_reads_from_primary',
    'The reads that may lag go to the primary now (1: replica unreachable or past REPLICA_MAX_LAG_MS).',
  ).set(replica.readsFromPrimary ? 1 : 0);
  if (replica.lagBytes !== null) {
    gauge(
      'khata_replica_lag_bytes',
      "The primary's WAL position less the replica's replayed one.",
    ).set(replica.lagBytes);
  }
  if (replica.lagMs !== null) {
    gauge(
      'khata_replica_lag_seconds',
      'Since the last transaction the replica replayed committed (0 when caught up).',
    ).set(replica.lagMs / 1000);
  }
}
