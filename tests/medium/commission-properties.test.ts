import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkScheme, type SchemeDefinition } from '@khata/domain';
import fc from 'fast-check';
import { CommissionsRepository } from '../../apps/api/src/commissions/commissions.repository.js';
import { UnitOfWork } from '../../apps/api/src/database/unit-of-work.js';
import { PayoutProcessor } from '../../apps/api/src/payouts/payout-processor.js';
import { DataAtRest } from '../../apps/api/src/common/crypto/data-at-rest.js';
import { putPanOnFile } from '../support/data-at-rest.js';
import { given, type GivenUser } from '../support/given.js';
import { startMediumApp, type MediumApp } from '../support/medium-app.js';
import { requestPayout } from '../support/medium-payouts.js';
import { fund, ledgerViolations, saveBeneficiary, systemBalance } from '../support/payouts.js';
import { query } from '../support/test-api.js';

/**
 * Issue 13's property, on the real database, ledger and payout processor: random schemes
 * (flat or percent, several slabs), random tax rates in force and random amounts; each
 * payout processed, some returned. Every event sums to zero; TDS and GST payable move by
 * exactly their legs; the uplines are paid the split's net; a return nets every account of
 * the fee back to zero; the ledger verifies (hash chains, balances rebuilt from the log).
 */
describe('commission legs over random schemes, rates and amounts (fast-check)', () => {
  let world: MediumApp;
  let distributor: GivenUser;
  let sd: GivenUser;
  const job = { by: 'worker', jobId: 'medium', attempt: 1 } as const;

  beforeAll(async () => {
    world = await startMediumApp({});
    sd = await given(world).user({ role: 'sdistributor' });
    distributor = await given(world).user({ role: 'distributor', parent: sd });
    await putPanOnFile(
      (sql, params) => query(world, sql, params),
      world.app.get(DataAtRest),
      distributor.id,
    );
  });
  afterAll(async () => {
    await world.close();
  });

  const money = (max: number) => fc.integer({ min: 0, max }).map((paise) => paise / 100);
  /** A slab whose shares never exceed its fee: both flat, or both percent. */
  const slab = fc.oneof(
    money(10_000).chain((fee) =>
      fc.record({
        fee: fc.constant({ flatBase: fee }),
        distributor: money(Math.floor((fee * 100) / 2)).map((flatBase) => ({ flatBase })),
        superDistributor: money(Math.floor((fee * 100) / 2)).map((flatBase) => ({ flatBase })),
      }),
    ),
    fc.integer({ min: 0, max: 300 }).chain((feeBp) =>
      fc.record({
        fee: fc.constant({ percentBase: feeBp / 100 }),
        distributor: fc
          .integer({ min: 0, max: Math.floor(feeBp / 2) })
          .map((bp) => ({ percentBase: bp / 100 })),
        superDistributor: fc
          .integer({ min: 0, max: Math.floor(feeBp / 2) })
          .map((bp) => ({ percentBase: bp / 100 })),
      }),
    ),
  );
  const scheme: fc.Arbitrary<SchemeDefinition> = fc.tuple(slab, slab).map(([low, high]) => ({
    name: 'random',
    service: 'payout' as const,
    slabs: [
      { ...low, upTo: 5_000 },
      { ...high, upTo: null },
    ],
  }));
  const rates = fc.record({
    gst: fc.integer({ min: 0, max: 2800 }),
    tds: fc.integer({ min: 0, max: 1000 }),
    tdsNoPan: fc.integer({ min: 0, max: 3000 }),
  });

  async function commissionOf(userId: string): Promise<number> {
    const [row] = await query<{ posted: string }>(
      world,
      `SELECT credits_posted - debits_posted AS posted FROM ledger_accounts
        WHERE owner_id = $1 AND kind = 'commission'`,
      [userId],
    );
    return Number(row!.posted);
  }
  async function snapshot() {
    return {
      tds: await systemBalance(world, 'system:tds_payable'),
      gst: await systemBalance(world, 'system:gst_payable'),
      company: await systemBalance(world, 'system:fee_income'),
      distributor: await commissionOf(distributor.id),
      sd: await commissionOf(sd.id),
    };
  }

  it('holds for every payout, processed and returned', async () => {
    await fc.assert(
      fc.asyncProperty(
        scheme,
        rates,
        fc.integer({ min: 1, max: 15_000 }),
        fc.boolean(),
        async (definition, taxes, rupees, returned) => {
          const checked = checkScheme(definition);
          expect(checked.ok).toBe(true);
          if (!checked.ok) return;
          const retailer = await given(world).user({ parent: distributor });
          await fund(world, retailer, 20_000_00);
          const payee = await saveBeneficiary(world, retailer);
          await world.app.get(UnitOfWork).run(async (tx) => {
            const repository = world.app.get(CommissionsRepository);
            const stored = await repository.insertScheme(tx, { ...checked.value, by: sd.id });
            await repository.assign(tx, retailer.id, 'payout', stored.id, sd.id);
            const today = `(now() AT TIME ZONE 'Asia/Kolkata')::date`;
            for (const [kind, rate] of Object.entries(taxes)) {
              await tx.query(
                `INSERT INTO tax_rates (kind, rate, effective_from) VALUES ($1, $2, ${today})`,
                [kind, rate],
              );
            }
          });
          const before = await snapshot();
          const id = await requestPayout(world, { user: retailer, payee }, rupees);
          world.rail.script(id, {
            send: [{ status: 'processed', utr: `U-${id.slice(0, 8)}` }],
            status: returned
              ? [{ status: 'reversed', reason: 'Returned by the beneficiary bank.' }]
              : [{ status: 'processed', utr: `U-${id.slice(0, 8)}` }],
          });
          const processor = world.app.get(PayoutProcessor);
          expect(await processor.advance(id, job)).toMatchObject({ status: 'processed' });

          const [event] = await query<{
            split: {
              fee: number;
              gst: number;
              tds: number;
              company: number;
              commissions: { userId: string; net: number; tds: number }[];
            } | null;
            total: string;
          }>(
            world,
            `SELECT e.data->'split' AS split, (SELECT sum(p.amount) FROM ledger_postings p
                                               WHERE p.event_seq = e.seq) AS total
               FROM ledger_events e WHERE e.stream = $1 AND e.type = 'payout.processed'`,
            [`payout:${id}`],
          );
          expect(Number(event!.total)).toBe(0);
          const after = await snapshot();
          const split = event!.split;
          const netOf = (userId: string) =>
            split?.commissions.find((line) => line.userId === userId)?.net ?? 0;
          expect(after.tds - before.tds).toBe(split?.tds ?? 0);
          expect(split?.tds ?? 0).toBe(
            (split?.commissions ?? []).reduce((sum, line) => sum + line.tds, 0),
          );
          expect(after.gst - before.gst).toBe(split?.gst ?? 0);
          expect(after.company - before.company).toBe(split?.company ?? 0);
          expect(after.distributor - before.distributor).toBe(netOf(distributor.id));
          expect(after.sd - before.sd).toBe(netOf(sd.id));

          if (returned) {
            expect(await processor.advance(id, job, { checkReturn: true })).toMatchObject({
              status: 'reversed',
            });
            expect(await snapshot()).toEqual(before);
          }
        },
      ),
      { numRuns: 25 },
    );
    expect(await ledgerViolations(world)).toEqual([]);
  }, 240_000);
});
