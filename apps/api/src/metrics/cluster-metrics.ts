import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { processRegistry } from '../common/process-metrics.js';

/** What an API process asks `npm start`'s primary, and what the primary answers. */
interface MetricsRequest {
  khata: 'metrics?';
  id: number;
}
interface MetricsAnswer {
  khata: 'metrics';
  id: number;
  text?: string;
  error?: string;
}

const ASK_TIMEOUT_MS = 6000;

/**
 * In `npm start`'s primary (cluster.ts): answers an API process's request for the figures of
 * every process of the cluster, summed by prom-client's AggregatorRegistry (it asks each
 * process over IPC; a process that does not answer in 5 s fails the scrape).
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isKhata<MetricsRequest>(message, 'metrics?')) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ khata: 'metrics', id: message.id, text } satisfies MetricsAnswer),
      (error: Error) =>
        worker.send({
          khata: 'metrics',
          id: message.id,
          error: error.message,
        } satisfies MetricsAnswer),
    );
  });
}

let nextId = 0;

/**
 * This process's figures in the Prometheus text format: its own when it runs alone, the whole
 * cluster's (through the primary) when `npm start`'s supervisor started it.
 */
export function processMetricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return processRegistry.metrics();
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('The cluster did not send its metrics in time.'));
    }, ASK_TIMEOUT_MS);
    const onMessage = (message: unknown) => {
      if (!isKhata<MetricsAnswer>(message, 'metrics') || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? '');
    };
    process.on('message', onMessage);
    process.send!({ khata: 'metrics?', id } satisfies MetricsRequest);
  });
}

function isKhata<T extends { khata: string }>(message: unknown, kind: T['khata']): message is T {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { khata?: unknown }).khata === kind &&
    typeof (message as { id?: unknown }).id === 'number'
  );
}
