import {
  Ledger,
  LedgerError,
  type Appended,
  type LedgerErrorKind,
  type LedgerEvent,
  type SqlClient,
} from '@khata/ledger';
import { randomUUID } from 'node:crypto';

/** A wallet transfer of `amount` paise from one account to another, in a stream of its own. */
export function transferEvent(
  from: string,
  to: string,
  amount: number,
  extra: Partial<LedgerEvent> = {},
): LedgerEvent {
  return {
    type: 'wallet.transferred',
    stream: `transfer:${randomUUID()}`,
    legs: [
      { accountId: from, amount: -amount },
      { accountId: to, amount },
    ],
    ...extra,
  };
}

/**
 * Accounts for ledger tests, made straight in SQL: owner-less, floor-checked (or floor-exempt,
 * like a system account), with an overdraft limit when asked, set as the ledger sets one: by
 * an event (so `ledger:verify` and `ledger:rebuild` find it in the log).
 */
export async function openAccount(
  db: SqlClient,
  { overdraft = 0, floorExempt = false }: { overdraft?: number; floorExempt?: boolean } = {},
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO ledger_accounts (kind, code, floor_exempt) VALUES ($1, $2, $3) RETURNING id`,
    [
      floorExempt ? 'system:test' : 'test',
      `${floorExempt ? 'system:test' : 'test'}:${randomUUID()}`,
      floorExempt,
    ],
  );
  const id = rows[0]!.id;
  if (overdraft > 0) {
    await new Ledger(db).append({
      type: 'overdraft.set',
      stream: `overdraft:${id}`,
      legs: [],
      limits: [{ accountId: id, overdraftLimit: overdraft }],
    });
  }
  return id;
}

export interface Balance {
  /** credits_posted - debits_posted */
  posted: number;
  /** debits_pending: the sum of the account's pending holds */
  pending: number;
}

/** Posted and pending balances of the accounts, in the order asked. */
export async function balances(db: SqlClient, ids: string[]): Promise<Balance[]> {
  const { rows } = await db.query<{ id: string; posted: string; pending: string }>(
    `SELECT id, credits_posted - debits_posted AS posted, debits_pending AS pending
       FROM ledger_accounts WHERE id = ANY ($1::uuid[])`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new Error(`no account ${id}`);
    return { posted: Number(row.posted), pending: Number(row.pending) };
  });
}

/** What an append came to: the appended event, or the kind of the ledger's refusal. */
export async function outcome(append: Promise<Appended>): Promise<Appended | LedgerErrorKind> {
  try {
    return await append;
  } catch (error) {
    if (error instanceof LedgerError) return error.kind;
    throw error;
  }
}

/**
 * A SqlClient that notes the code of every error the database raises, before the ledger sees
 * it: the ledger retries deadlocks and unique violations, so they would otherwise not show.
 * ledger_append_batch answers an event's error as a row (`error_code`) instead of raising it:
 * those are noted too.
 */
export function recordingErrors(db: SqlClient): { client: SqlClient; codes: string[] } {
  const codes: string[] = [];
  return {
    codes,
    client: {
      query: async <Row>(sql: string, params?: unknown[]) => {
        try {
          const result = await db.query<Row>(sql, params);
          for (const row of result.rows) {
            const code = (row as { error_code?: string | null }).error_code;
            if (code) codes.push(code);
          }
          return result;
        } catch (error) {
          codes.push((error as { code?: string }).code ?? String(error));
          throw error;
        }
      },
    },
  };
}
