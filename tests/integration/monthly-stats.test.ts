/**
 * Monthly stats and the day book (issue 14) on real Postgres.
 *
 * The property: a month of random activity (admin credits, fund requests approved by Khata or
 * by an upline, wallet transfers, admin debits, payouts requested, processed, failed and
 * returned with their commission splits), each appended by the app's own code (WalletMovements,
 * PayoutLedger; a fund request's approval as decide-fund-request appends it), changes the
 * current India month's stats by exactly what a model of the commands says, the closing float
 * is the sum of every wallet's balance read straight from the ledger's view, and every
 * reconciliation line stays green. Events are dated by the database's clock, so "the month"
 * is the current India month; each run compares the stats after it with those before it.
 *
 * Then planted differences (an event appended past the read model, a monthly_totals row
 * altered) turn the read-model line red with the event named to the paisa; the close rules
 * (not before the month ends, not twice, one winner of parallel closes, never when red); and
 * the day book (opening + movements = closing, totals by service, the bad dayAgo).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  addDays,
  indiaDay,
  indiaMonth,
  Messages,
  MonthlyStatsMessages,
  previousMonth,
  type DayBookAnswer,
  type MonthlyStats,
} from '@khata/domain';
import { Ledger, type RecordOpened } from '@khata/ledger';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../apps/api/src/auth/auth-user.js';
import { CommissionsRepository } from '../../apps/api/src/commissions/commissions.repository.js';
import { Db } from '../../apps/api/src/database/unit-of-work.js';
import { PayoutLedger } from '../../apps/api/src/payouts/payout-ledger.js';
import type { Payout } from '../../apps/api/src/payouts/payout.js';
import { ReadModelProjection } from '../../apps/api/src/transactions/read-model-projection.repository.js';
import { WalletMovements } from '../../apps/api/src/wallet/wallet-movements.js';
import { bearer, given, signIn, type GivenUser } from '../support/given.js';
import { call, query, startTestApi, type TestApi } from '../support/test-api.js';

const SEED = Number(process.env.MONTHLY_STATS_SEED ?? 20_261_126);
const RUNS = Number(process.env.MONTHLY_STATS_RUNS ?? 8);
const CONTEXT = {
  ip: '127.0.0.1',
  latitude: null,
  longitude: null,
  userAgent: 'test',
  requestId: null,
};

type Op =
  | { op: 'credit'; user: number; amount: number }
  | { op: 'fundKhata'; user: number; amount: number }
  | { op: 'fundUpline'; user: number; amount: number }
  | { op: 'transfer'; from: number; to: number; amount: number }
  | { op: 'debit'; user: number; amount: number }
  | { op: 'payout'; user: number; amount: number }
  | { op: 'move'; pick: number; to: 'processed' | 'failed' | 'returned' };

interface Figures {
  adminCredits: [number, number];
  fundKhata: [number, number];
  fundUpline: [number, number];
  transfers: [number, number];
  adminDebits: [number, number];
  /** status → [count, amount] of this run's payouts */
  payouts: Record<string, [number, number]>;
  float: number;
  feesCharged: number;
  tds: number;
  gst: number;
  commissions: number;
}

const paise = (rupees: number) => Math.round(rupees * 100);

/** The stats' figures in paise, to compare before and after a run. */
function figuresOf(stats: MonthlyStats): Omit<Figures, 'payouts'> & {
  payouts: Record<string, [number, number]>;
} {
  const pair = (f: { count: number; amount: number }): [number, number] => [
    f.count,
    paise(f.amount),
  ];
  return {
    adminCredits: pair(stats.credits.adminCredits),
    fundKhata: pair(stats.credits.fundRequests),
    fundUpline: pair(stats.credits.fundRequestsFromUplines),
    transfers: pair(stats.transfers),
    adminDebits: pair(stats.debits.adminDebits),
    payouts: Object.fromEntries(stats.payouts.map((row) => [row.status, pair(row)])),
    float: paise(stats.float.movements),
    feesCharged: paise(stats.fees.charged),
    tds: paise(stats.fees.tds),
    gst: paise(stats.fees.gst),
    commissions: paise(stats.fees.commissions),
  };
}

describe('monthly stats and the day book', () => {
  let api: TestApi;
  let admin: GivenUser;
  let distributor: GivenUser;
  let retailers: GivenUser[];
  let adminToken: string;
  let retailerToken: string;
  const wallets: string[] = [];

  beforeAll(async () => {
    api = await startTestApi();
    const make = given(api);
    admin = await make.user({ role: 'admin' });
    const sdist = await make.user({ role: 'sdistributor', parent: admin });
    distributor = await make.user({ role: 'distributor', parent: sdist });
    retailers = [
      await make.user({ role: 'user', parent: distributor }),
      await make.user({ role: 'user', parent: distributor }),
      await make.user({ role: 'user', parent: sdist }),
    ];
    const ledger = api.app.get(Ledger);
    for (const retailer of retailers) wallets.push(await ledger.userAccount(retailer.id, 'wallet'));
    adminToken = await signIn(api, admin);
    retailerToken = await signIn(api, retailers[0]!);
  });
  afterAll(async () => {
    await api?.close();
  });

  const actorOf = (user: GivenUser, kind: AuthUser['kind']): AuthUser => ({
    userId: user.id,
    sessionId: randomUUID(),
    role: user.role,
    kind,
    services: [],
    awaitingKyc: [],
    kycState: 'approved',
    mobile: user.mobile,
    name: user.name,
  });

  const stats = async (month: string) => {
    const answer = await call<{ data: MonthlyStats; message?: string }>(
      `${api.url}/api/admin/monthlyStats`,
      { headers: bearer(adminToken), body: { month } },
    );
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 200,
      message: undefined,
    });
    return answer.body.data;
  };

  /** Projects whatever the read model has not seen yet (the app also does, after commit). */
  const project = async () => {
    const projection = api.app.get(ReadModelProjection);
    for (;;) {
      const seqs = await projection.unprojected('0', 500);
      if (!seqs.length) return;
      await projection.project(seqs);
    }
  };

  /** A fund request's approval, appended as decide-fund-request appends it. */
  async function fundRequest(user: number, amount: number, byUpline: boolean) {
    const ledger = api.app.get(Ledger);
    const from = byUpline
      ? await ledger.userAccount(distributor.id, 'wallet')
      : await ledger.systemAccount('system:funding');
    const id = randomUUID();
    const record: RecordOpened = {
      kind: 'open',
      type: 'fundRequest',
      status: 'success',
      parties: [
        ...(byUpline
          ? [
              {
                userId: distributor.id,
                accountId: from,
                direction: 'debit' as const,
                amount,
                fee: 0,
              },
            ]
          : []),
        {
          userId: retailers[user]!.id,
          accountId: wallets[user]!,
          direction: 'credit',
          amount,
          fee: 0,
        },
      ],
      details: { remark: 'model', fundRequestId: id },
      remitterMobile: null,
    };
    await ledger.append({
      type: 'wallet.credited',
      stream: `fund-request:${id}`,
      legs: [
        { accountId: from, amount: -amount },
        { accountId: wallets[user]!, amount },
      ],
      data: { record, fundRequest: { id } },
      actorId: admin.id,
      idempotencyKey: `fund-request:${id}`,
    });
  }

  function newPayout(
    user: number,
    amount: number,
    quote: Awaited<ReturnType<CommissionsRepository['quote']>>,
  ): Payout {
    const now = new Date();
    return {
      id: randomUUID(),
      kind: 'payout',
      userId: retailers[user]!.id,
      unlimited: false,
      accountId: wallets[user]!,
      holdId: randomUUID(),
      beneficiaryId: null,
      beneficiaryName: 'Stats Payee',
      accountNumber: '123456789012',
      ifsc: 'SBIN0001234',
      bankName: null,
      paymentMode: 'IMPS',
      amount,
      fee: quote!.fee,
      commission: quote!.commission,
      commissionSplit: null,
      status: 'queued',
      idempotencyKey: randomUUID(),
      requestHash: 'stats',
      remitterMobile: null,
      orderSeq: '0',
      utr: null,
      message: null,
      sendStartedAt: null,
      sends: 0,
      processingRecorded: false,
      statusChecks: 0,
      lastCheckedAt: null,
      nextCheckAt: null,
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
    };
  }

  const userArb = fc.integer({ min: 0, max: 2 });
  const amountArb = fc.integer({ min: 100, max: 500_000 });
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ op: fc.constant('credit' as const), user: userArb, amount: amountArb }),
    fc.record({ op: fc.constant('fundKhata' as const), user: userArb, amount: amountArb }),
    fc.record({ op: fc.constant('fundUpline' as const), user: userArb, amount: amountArb }),
    fc.record({
      op: fc.constant('transfer' as const),
      from: userArb,
      to: userArb,
      amount: amountArb,
    }),
    fc.record({ op: fc.constant('debit' as const), user: userArb, amount: amountArb }),
    fc.record({ op: fc.constant('payout' as const), user: userArb, amount: amountArb }),
    fc.record({
      op: fc.constant('move' as const),
      pick: fc.nat(),
      to: fc.constantFrom('processed' as const, 'failed' as const, 'returned' as const),
    }),
  );

  it('changes by exactly the month of random activity, and every line stays green', async () => {
    let month = indiaMonth(new Date());
    const moves = api.app.get(WalletMovements);
    const payouts = api.app.get(PayoutLedger);
    const commissions = api.app.get(CommissionsRepository);
    const db = api.app.get(Db);
    const adminActor = actorOf(admin, 'admin');
    // Enough in the distributor's wallet for its approvals.
    await moves.move({
      type: 'wallet.credited',
      actor: adminActor,
      payer: 'funding',
      recipientMobile: distributor.mobile,
      amount: 500_000_000,
      remark: undefined,
      idempotencyKey: randomUUID(),
      context: CONTEXT,
    });
    await project();

    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        month = indiaMonth(new Date());
        const before = figuresOf(await stats(month));
        // The model: what each retailer may spend, and this run's payouts.
        const spendable = await Promise.all(
          wallets.map(async (wallet) => {
            const [row] = await query<{ available: number }>(
              api,
              'SELECT available FROM ledger_balances_view WHERE account_id = $1',
              [wallet],
            );
            return Number(row!.available);
          }),
        );
        const want: Figures = {
          adminCredits: [0, 0],
          fundKhata: [0, 0],
          fundUpline: [0, 0],
          transfers: [0, 0],
          adminDebits: [0, 0],
          payouts: {},
          float: 0,
          feesCharged: 0,
          tds: 0,
          gst: 0,
          commissions: 0,
        };
        const add = (pair: [number, number], amount: number) => {
          pair[0] += 1;
          pair[1] += amount;
        };
        const runPayouts: { payout: Payout; status: string }[] = [];
        for (const op of ops) {
          switch (op.op) {
            case 'credit':
            case 'debit': {
              if (op.op === 'debit' && spendable[op.user]! < op.amount) break;
              await moves.move({
                type: op.op === 'credit' ? 'wallet.credited' : 'wallet.debited',
                actor: adminActor,
                payer: 'funding',
                recipientMobile: retailers[op.user]!.mobile,
                amount: op.amount,
                remark: 'stats',
                idempotencyKey: randomUUID(),
                context: CONTEXT,
              });
              const sign = op.op === 'credit' ? 1 : -1;
              spendable[op.user]! += sign * op.amount;
              want.float += sign * op.amount;
              add(op.op === 'credit' ? want.adminCredits : want.adminDebits, op.amount);
              break;
            }
            case 'fundKhata':
            case 'fundUpline':
              await fundRequest(op.user, op.amount, op.op === 'fundUpline');
              spendable[op.user]! += op.amount;
              // Khata's money adds to the float; an upline's only moves it between wallets.
              if (op.op === 'fundKhata') want.float += op.amount;
              add(op.op === 'fundKhata' ? want.fundKhata : want.fundUpline, op.amount);
              break;
            case 'transfer': {
              if (op.from === op.to || spendable[op.from]! < op.amount) break;
              await moves.move({
                type: 'wallet.transferred',
                actor: actorOf(retailers[op.from]!, 'user'),
                payer: 'actor',
                recipientMobile: retailers[op.to]!.mobile,
                amount: op.amount,
                remark: undefined,
                idempotencyKey: randomUUID(),
                context: CONTEXT,
              });
              spendable[op.from]! -= op.amount;
              spendable[op.to]! += op.amount;
              add(want.transfers, op.amount);
              break;
            }
            case 'payout': {
              const quote = await commissions.quote(
                { userId: retailers[op.user]!.id, kind: 'user' },
                'payout',
                op.amount,
              );
              if (!quote || spendable[op.user]! < op.amount + quote.fee) break;
              const payout = newPayout(op.user, op.amount, quote);
              await payouts.requested(db, payout, retailers[op.user]!.id, {});
              spendable[op.user]! -= op.amount + quote.fee;
              runPayouts.push({ payout, status: 'queued' });
              break;
            }
            case 'move': {
              const from = op.to === 'returned' ? 'processed' : 'queued';
              const candidates = runPayouts.filter((entry) => entry.status === from);
              const entry = candidates[op.pick % Math.max(candidates.length, 1)];
              if (!entry) break;
              const { payout } = entry;
              const user = wallets.indexOf(payout.accountId);
              await payouts.moved(db, payout, op.to, { utr: null, message: null }, {});
              entry.status = op.to === 'returned' ? 'reversed' : op.to;
              const total = payout.amount + payout.fee;
              if (op.to === 'failed') spendable[user]! += total;
              if (op.to === 'processed' || op.to === 'returned') {
                const sign = op.to === 'processed' ? 1 : -1;
                // The split moved was made at processed and kept on the payout.
                const split = payout.commissionSplit!;
                want.float -= sign * total;
                want.feesCharged += sign * split.fee;
                want.tds += sign * split.tds;
                want.gst += sign * split.gst;
                want.commissions += sign * split.commissions.reduce((s, l) => s + l.net, 0);
                if (op.to === 'returned') spendable[user]! += total;
              }
              break;
            }
          }
        }
        for (const { payout, status } of runPayouts) {
          want.payouts[status] ??= [0, 0];
          add(want.payouts[status], payout.amount);
        }
        await project();
        // A run that crossed India's midnight into a new month split its events between two.
        if (indiaMonth(new Date()) !== month) return;
        const after = await stats(month);
        const got = figuresOf(after);
        const delta = (a: [number, number], b: [number, number]): [number, number] => [
          a[0] - b[0],
          a[1] - b[1],
        ];
        const payoutDelta: Record<string, [number, number]> = {};
        for (const status of new Set([
          ...Object.keys(got.payouts),
          ...Object.keys(before.payouts),
        ])) {
          const d = delta(got.payouts[status] ?? [0, 0], before.payouts[status] ?? [0, 0]);
          if (d[0] || d[1]) payoutDelta[status] = d;
        }
        expect({
          adminCredits: delta(got.adminCredits, before.adminCredits),
          fundKhata: delta(got.fundKhata, before.fundKhata),
          fundUpline: delta(got.fundUpline, before.fundUpline),
          transfers: delta(got.transfers, before.transfers),
          adminDebits: delta(got.adminDebits, before.adminDebits),
          payouts: payoutDelta,
          float: got.float - before.float,
          feesCharged: got.feesCharged - before.feesCharged,
          tds: got.tds - before.tds,
          gst: got.gst - before.gst,
          commissions: got.commissions - before.commissions,
        }).toEqual(want);
        // The closing float is every wallet's balance, read straight from the ledger's view.
        const [float] = await query<{ total: string }>(
          api,
          `SELECT coalesce(sum(posted), 0)::text AS total FROM ledger_balances_view WHERE kind = 'wallet'`,
        );
        expect(paise(after.float.closing)).toBe(Number(float!.total));
        expect(after.reconciliation.filter((line) => !line.ok)).toEqual([]);
        expect(after.reconciled).toBe(true);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });

  it('catches an event the read model missed, and an altered monthly total, to the paisa', async () => {
    const month = indiaMonth(new Date());
    const ledger = api.app.get(Ledger);
    const funding = await ledger.systemAccount('system:funding');
    // Appended past the application: nothing projects it.
    const appended = await ledger.append({
      type: 'wallet.credited',
      stream: `credit:${randomUUID()}`,
      legs: [
        { accountId: funding, amount: -1234 },
        { accountId: wallets[1]!, amount: 1234 },
      ],
      data: {},
      actorId: admin.id,
    });
    let found = await stats(month);
    let line = found.reconciliation.find((l) => l.key === 'readModel')!;
    expect(line.ok).toBe(false);
    expect(found.reconciled).toBe(false);
    expect(line.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          events: [
            {
              seq: appended.seq,
              type: 'wallet.credited',
              stream: expect.stringMatching(/^credit:/),
            },
          ],
        }),
        // The wallet's totals for wallet.credited are short by exactly ₹12.34.
        expect.objectContaining({
          difference: 12.34,
          events: expect.arrayContaining([expect.objectContaining({ seq: appended.seq })]),
        }),
      ]),
    );
    // The other lines read the ledger itself, and it is whole.
    expect(found.reconciliation.filter((l) => l.key !== 'readModel').every((l) => l.ok)).toBe(true);
    await project();
    expect((await stats(month)).reconciled).toBe(true);

    // A read-model row changed behind the ledger's back: one paisa more credit.
    const [row] = await query<{ account_id: string; event_type: string }>(
      api,
      `UPDATE monthly_totals SET credits = credits + 1
        WHERE (account_id, month, event_type) = (
          SELECT account_id, month, event_type FROM monthly_totals
           WHERE month = $1::date AND account_id = $2 AND event_type = 'wallet.transferred' LIMIT 1)
        RETURNING account_id, event_type`,
      [`${month}-01`, wallets[0]],
    );
    const planted =
      row ??
      (
        await query<{ account_id: string; event_type: string }>(
          api,
          `UPDATE monthly_totals SET credits = credits + 1
          WHERE (account_id, month, event_type) = (
            SELECT account_id, month, event_type FROM monthly_totals
             WHERE month = $1::date AND account_id = $2 LIMIT 1)
          RETURNING account_id, event_type`,
          [`${month}-01`, wallets[1]],
        )
      )[0]!;
    found = await stats(month);
    line = found.reconciliation.find((l) => l.key === 'readModel')!;
    expect(line.ok).toBe(false);
    expect(line.differences).toHaveLength(1);
    expect(line.differences[0]).toMatchObject({
      difference: -0.01,
      what: expect.stringContaining(planted.event_type),
    });
    expect(line.differences[0]!.events.length).toBeGreaterThan(0);
    expect(line.differences[0]!.events.every((e) => e.type === planted.event_type)).toBe(true);
    await query(
      api,
      `UPDATE monthly_totals SET credits = credits - 1
        WHERE account_id = $1 AND month = $2::date AND event_type = $3`,
      [planted.account_id, `${month}-01`, planted.event_type],
    );
    expect((await stats(month)).reconciled).toBe(true);
  });

  const close = (month: string, token = adminToken, pin: string | null = admin.pin) =>
    call<{ message?: string; closed?: { closedAt: string; closedBy: { id: string } } }>(
      `${api.url}/api/admin/monthlyStats/close`,
      { headers: { ...bearer(token), ...(pin === null ? {} : { pin }) }, body: { month } },
    );

  it('closes a month only with the right PIN; a wrong one counts as a wrong try', async () => {
    const month = previousMonth(
      previousMonth(previousMonth(previousMonth(indiaMonth(new Date())))),
    );
    const failures = async () =>
      (
        await query<{ n: number }>(api, 'SELECT pin_failures AS n FROM users WHERE id = $1', [
          admin.id,
        ])
      )[0]!.n;
    const before = await failures();
    const missing = await close(month, adminToken, null);
    expect([missing.status, missing.body.message]).toEqual([400, Messages.pinRequired]);
    const wrong = await close(month, adminToken, admin.pin === '0000' ? '1111' : '0000');
    expect(wrong.status).toBe(422);
    expect(await failures()).toBe(before + 1);
    expect((await stats(month)).closed).toBeNull();
    const right = await close(month);
    expect(right.status).toBe(200);
    expect(await failures()).toBe(0);
    expect((await stats(month)).closed).toMatchObject({ closedBy: { id: admin.id } });
  });

  it('closes an ended month that reconciles once, refuses the rest, and one parallel close wins', async () => {
    const now = new Date();
    const current = indiaMonth(now);
    const notEnded = await close(current);
    expect([notEnded.status, notEnded.body.message]).toEqual([
      422,
      MonthlyStatsMessages.monthNotEnded,
    ]);
    const future = await close(`${Number(current.slice(0, 4)) + 1}-01`);
    expect([future.status, future.body.message]).toEqual([400, MonthlyStatsMessages.monthInFuture]);
    const garbled = await close('2026-13');
    expect([garbled.status, garbled.body.message]).toEqual([
      400,
      MonthlyStatsMessages.monthInvalid,
    ]);

    const last = previousMonth(current);
    expect((await stats(last)).closed).toBeNull();
    const closed = await close(last);
    expect(closed.status).toBe(200);
    expect(closed.body.closed!.closedBy.id).toBe(admin.id);
    const again = await close(last);
    expect([again.status, again.body.message]).toEqual([409, MonthlyStatsMessages.alreadyClosed]);
    expect((await stats(last)).closed).toMatchObject({ closedBy: { id: admin.id } });
    const audited = await query<{ details: { month: string } }>(
      api,
      `SELECT details FROM audit_log WHERE action = 'month.close' AND actor_id = $1`,
      [admin.id],
    );
    // Once for this month (the PIN test above closed another month).
    expect(audited.filter((entry) => entry.details.month === last)).toHaveLength(1);
    const stored = await query<{ figures: { reconciled: boolean; month: string } }>(
      api,
      'SELECT figures FROM month_closes WHERE month = $1::date',
      [`${last}-01`],
    );
    expect(stored[0]!.figures).toMatchObject({ reconciled: true, month: last });

    // The month's CSV: every figure and each line green, with the close.
    const csv = await call<{ csv: string }>(`${api.url}/api/admin/monthlyStats/csv`, {
      headers: bearer(adminToken),
      body: { month: last },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain(`monthly-stats-${last}.csv`);
    const rows = csv.body.csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(rows[0]).toBe('Section,Figure,Count,Amount (INR)');
    expect(rows[1]).toMatch(new RegExp(`^Month,${last},,closed `));
    expect(rows).toContain('Float,Closing,,0.00');
    expect(
      rows.filter((r) => r.startsWith('Reconciliation,') && r.endsWith(',green')),
    ).toHaveLength(4);

    // Three admins' clicks at once: one close, two conflicts.
    const earlier = previousMonth(last);
    const answers = await Promise.all([close(earlier), close(earlier), close(earlier)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const [{ count }] = await query<{ count: number }>(
      api,
      'SELECT count(*)::int AS count FROM month_closes WHERE month = $1::date',
      [`${earlier}-01`],
    );
    expect(count).toBe(1);

    // A month that does not reconcile (a read-model row with no postings behind it) stays open.
    const red = previousMonth(earlier);
    await query(
      api,
      `INSERT INTO monthly_totals (account_id, month, event_type, credits, debits, postings)
       VALUES ($1, $2::date, 'wallet.credited', 500, 0, 1)`,
      [wallets[2], `${red}-01`],
    );
    const redStats = await stats(red);
    expect(redStats.reconciliation.find((l) => l.key === 'readModel')).toMatchObject({
      ok: false,
      differences: [expect.objectContaining({ difference: -5 })],
    });
    const refused = await close(red);
    expect([refused.status, refused.body.message]).toEqual([
      422,
      MonthlyStatsMessages.notReconciled,
    ]);

    // Admins only.
    const byRetailer = await close(earlier, retailerToken);
    expect(byRetailer.status).toBe(403);
  });

  const dayBook = (body: Record<string, unknown>, token = retailerToken) =>
    call<DayBookAnswer & { message?: string }>(`${api.url}/api/user/dayBook`, {
      headers: bearer(token),
      body,
    });

  it('keeps a day book: opening + movements = closing, totals by service, and bad days refused', async () => {
    const book = await dayBook({ dayAgo: 0 });
    expect(book.status).toBe(200);
    const b = book.body;
    expect(b.day).toBe(indiaDay(new Date()));
    expect(b.user.id).toBe(retailers[0]!.id);
    expect(b.lines.length).toBeGreaterThan(0);
    const sum = (values: number[]) => values.reduce((s, v) => s + paise(v), 0);
    // Every posted movement of the day, line by line, takes the opening to the closing.
    expect(
      paise(b.openingBalance) +
        sum(b.lines.map((l) => l.credit)) -
        sum(b.lines.map((l) => l.debit)),
    ).toBe(paise(b.closingBalance));
    expect(paise(b.totalCredit) - paise(b.totalDebit)).toBe(
      paise(b.closingBalance) - paise(b.openingBalance),
    );
    expect(sum(b.totals.map((t) => t.credit))).toBe(paise(b.totalCredit));
    expect(sum(b.totals.map((t) => t.debit))).toBe(paise(b.totalDebit));
    // The closing is the wallet's posted balance now (today is not over).
    const [wallet] = await query<{ posted: number }>(
      api,
      'SELECT posted FROM ledger_balances_view WHERE account_id = $1',
      [wallets[0]],
    );
    expect(paise(b.closingBalance)).toBe(Number(wallet!.posted));
    // Each service's total is the sum of its lines.
    const credits = sum(
      b.lines.filter((l) => l.recordType === 'walletCredit').map((l) => l.credit),
    );
    expect(paise(b.totals.find((t) => t.service === 'walletCredit')?.credit ?? 0)).toBe(credits);
    const fees = sum(b.lines.filter((l) => l.kind === 'fee').map((l) => l.debit - l.credit));
    const feeTotal = b.totals.find((t) => t.service === 'fee');
    expect(paise(feeTotal?.debit ?? 0) - paise(feeTotal?.credit ?? 0)).toBe(fees);

    // Yesterday: the user was made today, so nothing; its closing is today's opening.
    const yesterday = await dayBook({ dayAgo: 1 });
    expect(yesterday.body).toMatchObject({ day: addDays(b.day, -1), lines: [], totals: [] });
    expect(yesterday.body.closingBalance).toBe(b.openingBalance);

    for (const bad of [-1, 366, 1.5, 'x', '7a', null]) {
      const answer = await dayBook({ dayAgo: bad });
      expect({ bad, status: answer.status, message: answer.body.message }).toEqual({
        bad,
        status: 400,
        message: MonthlyStatsMessages.dayAgoInvalid,
      });
    }
    // Another user's day book: an admin may; a retailer is answered as if the user did not
    // exist (the network rule of every report).
    const other = await dayBook({ dayAgo: 0, userId: retailers[1]!.id });
    expect([other.status, other.body.message]).toEqual([404, Messages.userNotFound]);
    const asAdmin = await dayBook({ dayAgo: 0, userId: retailers[1]!.id }, adminToken);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.user.id).toBe(retailers[1]!.id);
    const unknown = await dayBook({ dayAgo: 0, userId: randomUUID() }, adminToken);
    expect(unknown.status).toBe(404);
    // A distributor picks from its downline only: its retailer yes, its parent's other
    // retailer and its parent no (404, as for a user that does not exist).
    const distributorToken = await signIn(api, distributor);
    const downline = await dayBook({ dayAgo: 0, userId: retailers[1]!.id }, distributorToken);
    expect([downline.status, downline.body.user?.id]).toEqual([200, retailers[1]!.id]);
    for (const outside of [retailers[2]!, admin]) {
      const refused = await dayBook({ dayAgo: 0, userId: outside.id }, distributorToken);
      expect([refused.status, refused.body.message]).toEqual([404, Messages.userNotFound]);
      expect(refused.body.lines).toBeUndefined();
    }
  });
});
