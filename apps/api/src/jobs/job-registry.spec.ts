import { describe, expect, it } from '@jest/globals';
import { defineJob, type JobHandler } from './job-definition.js';
import { JobRegistry, JobRegistryError } from './job-registry.js';

interface ReceiptJobData {
  receiptId: string;
}

const printReceipt = defineJob<ReceiptJobData>({ name: 'receipt.print', attempts: 3 });
const handler: JobHandler<ReceiptJobData> = { handle: async () => undefined };

describe('JobRegistry', () => {
  it('finds the handler of a job by its definition and by the name read from the queue', () => {
    const registry = new JobRegistry();
    registry.addHandler(printReceipt, handler, 'PrintReceiptHandler in ReceiptsModule');
    registry.declareEnqueuer(printReceipt, 'ReceiptService in ReceiptsModule');
    registry.seal();
    expect(registry.jobFor(printReceipt).handler).toBe(handler);
    expect(registry.byName('receipt.print')?.owner).toBe('PrintReceiptHandler in ReceiptsModule');
    expect(registry.byName('receipt.lost')).toBeUndefined();
  });

  it('refuses a second handler for one job name, naming both', () => {
    const registry = new JobRegistry();
    registry.addHandler(printReceipt, handler, 'PrintReceiptHandler in ReceiptsModule');
    expect(() => registry.addHandler(printReceipt, handler, 'OtherHandler in OtherModule')).toThrow(
      new JobRegistryError(
        'Job "receipt.print" has two handlers, PrintReceiptHandler in ReceiptsModule and OtherHandler in OtherModule: keep one.',
      ),
    );
  });

  it('refuses to seal while something enqueues a job that has no handler', () => {
    const registry = new JobRegistry();
    registry.declareEnqueuer(printReceipt, 'ReceiptService in ReceiptsModule');
    expect(() => registry.seal()).toThrow(
      new JobRegistryError(
        'ReceiptService in ReceiptsModule enqueues job "receipt.print", which has no handler: add a provider with @HandlesJob for it.',
      ),
    );
  });

  it('refuses a second definition of a handled name, which could disagree on attempts', () => {
    const registry = new JobRegistry();
    registry.addHandler(printReceipt, handler, 'PrintReceiptHandler in ReceiptsModule');
    registry.seal();
    const copy = defineJob<ReceiptJobData>({ name: 'receipt.print', attempts: 1 });
    expect(() => registry.jobFor(copy)).toThrow(
      /with a definition other than the one PrintReceiptHandler in ReceiptsModule handles/,
    );
  });

  it('refuses an unhandled job at enqueue time too', () => {
    const registry = new JobRegistry();
    registry.seal();
    expect(() => registry.jobFor(printReceipt)).toThrow(
      'JobQueue.enqueue was given job "receipt.print", which has no handler',
    );
  });

  it('answers nothing before start-up has registered every job, and takes none after', () => {
    const registry = new JobRegistry();
    expect(() => registry.jobFor(printReceipt)).toThrow('Jobs are not registered yet');
    registry.seal();
    expect(() => registry.addHandler(printReceipt, handler, 'Late')).toThrow(
      'Jobs are registered at start-up only.',
    );
  });
});

describe('defineJob', () => {
  it.each([
    [{ name: 'payout', attempts: 1 }, 'Job name "payout" must read feature.action'],
    [{ name: 'payout.send', attempts: 0 }, 'Job "payout.send" needs attempts'],
    [{ name: 'payout.send', attempts: 1.5 }, 'Job "payout.send" needs attempts'],
    [
      { name: 'payout.send', attempts: 2, backoff: { type: 'fixed' as const, delay: 0 } },
      'Job "payout.send" needs a backoff delay',
    ],
  ])('refuses %j', (definition, message) => {
    expect(() => defineJob(definition)).toThrow(message);
  });
});

describe('scheduled jobs', () => {
  it('lists only the jobs declared with everyMs, for the queue to schedule', () => {
    const nightly = defineJob<Record<string, never>>({
      name: 'ledger.tidy',
      attempts: 1,
      everyMs: 60_000,
    });
    const registry = new JobRegistry();
    registry.addHandler(printReceipt, handler, 'PrintReceiptHandler');
    registry.addHandler(nightly, { handle: async () => undefined }, 'TidyHandler');
    registry.seal();
    expect(registry.scheduled()).toEqual([nightly]);
  });

  it('refuses a schedule shorter than a second', () => {
    expect(() => defineJob({ name: 'ledger.spin', attempts: 1, everyMs: 10 })).toThrow(
      'Job "ledger.spin" needs everyMs as whole milliseconds, at least 1000.',
    );
  });
});
