import { Ledger, verifyLedger } from '@khata/ledger';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { BeneficiariesRepository } from '../../apps/api/src/beneficiaries/beneficiaries.repository.js';
import { UnitOfWork } from '../../apps/api/src/database/unit-of-work.js';
import type { GivenUser } from './given.js';
import { query, type TestContext } from './test-api.js';
import { eventually } from './test-jobs.js';

/**
 * Funds a user's wallet (or AEPS balance) from the funding account, straight on the ledger;
 * `projected` also projects it into the read model at once (a test that asks Monthly Stats'
 * read-model line needs it: otherwise the projector takes it later).
 */
export async function fund(
  api: TestContext,
  user: { id: string },
  paise: number,
  kind: 'wallet' | 'aeps' = 'wallet',
  { projected = false }: { projected?: boolean } = {},
): Promise<void> {
  const ledger = api.app.get(Ledger);
  const event = {
    type: 'wallet.credited',
    stream: `test-funding:${randomUUID()}`,
    legs: [
      { accountId: await ledger.systemAccount('system:funding'), amount: -paise },
      { accountId: await ledger.userAccount(user.id, kind), amount: paise },
    ],
  };
  if (projected) await ledger.append(event, { project: true });
  else await ledger.append(event);
}

export interface SavedBeneficiary {
  id: string;
  accountNumber: string;
  ifsc: string;
  name: string;
}

let accountCounter = 0;

/**
 * A fresh account number ending in `ending` (the sandbox rail's rules read the last three
 * digits: 000 no account, 001 closed, 002 late return, 003 timeout then paid, …).
 */
export function accountEndingIn(ending: string): string {
  accountCounter++;
  const middle = `${Date.now() % 1e6}${accountCounter}`.padStart(9, '0').slice(-9);
  return `5${middle}${ending}`;
}

/** A saved beneficiary of `owner`, through the beneficiaries feature's own repository. */
export async function saveBeneficiary(
  api: TestContext,
  owner: GivenUser,
  {
    ending = '123',
    kind = 'bank',
    ifsc = 'SBIN0001234',
    deleted = false,
    activation = 'approved',
  }: {
    ending?: string;
    kind?: 'bank' | 'aeps';
    ifsc?: string;
    deleted?: boolean;
    activation?: 'approved' | 'pending' | 'rejected';
  } = {},
): Promise<SavedBeneficiary> {
  const accountNumber = accountEndingIn(ending);
  const name = `Payee ${accountNumber.slice(-4)}`;
  const saved = await api.app.get(UnitOfWork).run(async (tx) => {
    const row = await api.app.get(BeneficiariesRepository).insert(tx, {
      ownerId: owner.id,
      kind,
      type: kind === 'bank' ? 'payout' : null,
      name,
      bankName: 'State Bank of India',
      accountNumber,
      ifsc,
      beneficiaryMobile: null,
      remitterMobile: null,
      status: 'pending',
      payeeName: null,
      activationStatus: kind === 'aeps' ? activation : null,
      registeredAt: new Date(),
      createdAt: new Date(),
    });
    if (deleted) {
      await tx.query('UPDATE beneficiaries SET deleted_at = now() WHERE id = $1', [row.id]);
    }
    return row;
  });
  return { id: saved.id, accountNumber, ifsc, name };
}

export interface PayoutRow {
  id: string;
  status: string;
  amount: string;
  fee: string;
  utr: string | null;
  message: string | null;
  sends: number;
  hold_id: string;
  account_id: string;
}

export async function payoutRow(api: TestContext, id: string): Promise<PayoutRow> {
  const [row] = await query<PayoutRow>(api, 'SELECT * FROM payouts WHERE id = $1', [id]);
  if (!row) throw new Error(`no payout ${id}`);
  return row;
}

/** Waits until the payout reaches one of `statuses`; answers its row. */
export function payoutReaches(
  api: TestContext,
  id: string,
  statuses: string[],
  timeoutMs = 20_000,
): Promise<PayoutRow> {
  return eventually(async () => {
    const row = await payoutRow(api, id);
    return statuses.includes(row.status) ? row : undefined;
  }, timeoutMs);
}

/** Calls the sandbox rail received for a payout, by kind. */
export async function railCalls(
  api: TestContext,
  id: string,
): Promise<{ send: number; status: number }> {
  const rows = await query<{ call: string; n: number }>(
    api,
    `SELECT call, count(*)::int AS n FROM sandbox_rail_calls WHERE reference = $1 GROUP BY call`,
    [id],
  );
  const count = (call: string) => rows.find((row) => row.call === call)?.n ?? 0;
  return { send: count('send'), status: count('status') };
}

/** Transfers the sandbox bank took for a payout (at most one, ever). */
export async function railTransfers(api: TestContext, id: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    api,
    'SELECT count(*)::int AS n FROM sandbox_rail_transfers WHERE reference = $1',
    [id],
  );
  return row!.n;
}

/** The event types on a payout's stream, in order. */
export async function streamEvents(api: TestContext, stream: string): Promise<string[]> {
  const rows = await query<{ type: string }>(
    api,
    'SELECT type FROM ledger_events WHERE stream = $1 ORDER BY stream_version',
    [stream],
  );
  return rows.map((row) => row.type);
}

/** Posted balance and pending holds of a user's account, in paise. */
export async function accountOf(
  api: TestContext,
  userId: string,
  kind: 'wallet' | 'aeps' = 'wallet',
): Promise<{ posted: number; pending: number; available: number }> {
  const [row] = await query<{ posted: string; pending: string }>(
    api,
    `SELECT credits_posted - debits_posted AS posted, debits_pending AS pending
       FROM ledger_accounts WHERE owner_id = $1 AND kind = $2`,
    [userId, kind],
  );
  const posted = Number(row!.posted);
  const pending = Number(row!.pending);
  return { posted, pending, available: posted - pending };
}

/** Sum of a system account kind over its shards, in paise. */
export async function systemBalance(api: TestContext, kind: string): Promise<number> {
  const [row] = await query<{ total: string }>(
    api,
    `SELECT coalesce(sum(credits_posted - debits_posted), 0) AS total
       FROM ledger_accounts WHERE kind = $1`,
    [kind],
  );
  return Number(row!.total);
}

export async function ledgerViolations(api: TestContext): Promise<string[]> {
  const client = new pg.Client({ connectionString: api.databaseUrl });
  await client.connect();
  try {
    return (await verifyLedger(client)).violations;
  } finally {
    await client.end();
  }
}
