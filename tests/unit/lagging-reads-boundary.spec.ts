/**
 * Which reads may lag is a list (docs/scaling.md, "Which reads may lag"), and this test holds
 * the code to it (issue 29): the read handle on the replica, LaggingReads, is imported by
 * exactly the files of that list, and by no file of a folder that decides money. LaggingReads
 * is no `Tx` either (it has `read`, not `query`), so a money repository could not take it
 * even if it were handed one: the type check below must fail to compile without its marker.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { LaggingReads } from '../../apps/api/src/database/lagging-reads.js';
import type { Tx } from '../../apps/api/src/database/unit-of-work.js';

const src = resolve(import.meta.dirname, '../../apps/api/src');

/** The files that read through LaggingReads: docs/scaling.md's table names each. */
const MAY_LAG = [
  'database-admin/queries/get-database-overview.handler.ts', // the replica's lag, for the screen
  'database/unit-of-work.ts', // provides it (DatabaseModule)
  'metrics/metrics.service.ts', // the replica's lag, for /metrics
  'monthly-stats/queries/get-day-book.handler.ts',
  'monthly-stats/queries/get-monthly-stats.handler.ts',
  'network/map-points.repository.ts',
  'reports/csv-stream.ts', // every CSV export
  'transactions/report/transaction-report.repository.ts',
];

/** Folders whose code moves money or decides whether it may: never the replica. */
const MONEY = [
  'accounts',
  'aeps',
  'aeps-balance',
  'approval-decisions',
  'approvals',
  'bbps',
  'commissions',
  'company-accounts',
  'dmt',
  'dmt-transfers',
  'fund-requests',
  'ledger',
  'payouts',
  'pg',
  'ppi',
  'rail',
  'rent',
  'wallet',
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const usesLaggingReads = (text: string) => /lagging-reads(\.js)?['"]/.test(text);

describe('the reads that may lag', () => {
  const users = filesUnder(src)
    .filter((path) => !/database\/lagging-reads(\.spec)?\.ts$/.test(path))
    .filter((path) => usesLaggingReads(readFileSync(path, 'utf8')))
    .map((path) => relative(src, path))
    .sort();

  it('go through LaggingReads in exactly the files docs/scaling.md lists', () => {
    expect(users).toEqual(MAY_LAG);
  });

  it('never in a folder that decides money', () => {
    const inMoney = users.filter((path) => MONEY.includes(path.split('/')[0]!));
    expect(inMoney).toEqual([]);
    // The scan sees an import where there is one (it is not vacuous).
    expect(usesLaggingReads(`import { LaggingReads } from '../database/lagging-reads.js';`)).toBe(
      true,
    );
    for (const folder of MONEY) expect(statSync(join(src, folder)).isDirectory()).toBe(true);
  });

  it('cannot be handed where a Tx is taken', () => {
    const handOver = (reads: LaggingReads): Tx =>
      // @ts-expect-error LaggingReads has no `query`: it is not a Tx (tsc fails if it became one).
      reads;
    expect(typeof handOver).toBe('function');
  });

  it('the docs table names every file of the list', () => {
    const docs = readFileSync(resolve(src, '../../../docs/scaling.md'), 'utf8');
    for (const path of MAY_LAG) expect(docs).toContain(path.replace(/\.ts$/, ''));
  });
});
