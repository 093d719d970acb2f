import { Injectable } from '@nestjs/common';
import {
  Ledger,
  USER_ACCOUNT_KINDS,
  type Leg,
  type LedgerEvent,
  type ProjectedAppend,
  type SqlClient,
  type UserAccountKind,
} from '@khata/ledger';
import type { Paise } from '@khata/domain';
import type { BalanceSnapshot } from '../accounts/accounts.repository.js';
import { recordOfRow, type RecordRow } from './record-row.js';
import type { TransactionRecord } from './transaction-record.js';

/** A movement of money between accounts with a receipt: what `Ledger.append` takes, legs only. */
export interface ProjectedEvent {
  type: string;
  stream: string;
  legs: Leg[];
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  actorId: string;
  idempotencyKey: string;
  requestHash: string;
}

/** What a projected append answers: the event, and, unless it was a replay, its projection. */
export interface AppendedProjected {
  seq: string;
  replayed: boolean;
  /** Absent for a replay, and when the projection failed (the event committed unprojected). */
  projection?: Projection;
  /** Why the projection failed, when it did. */
  projectionError?: string;
}

export interface Projection {
  /** Each record the event opened, as each of its parties sees it. */
  records: { userId: string; record: TransactionRecord }[];
  /**
   * What each account of each user whose money moved holds now (available, in paise), with the
   * wallet's overdraft limit and the version of these figures (issue 23).
   */
  balances: Map<string, BalanceSnapshot>;
}

/**
 * `Ledger.append(event, { project: true })` (libs/ledger: the one append API, issue 24), its
 * answer typed for the API: the records as `TransactionRecord`s, the balances as snapshots. A
 * wallet movement answers, and tells the sockets, from what the call returned instead of
 * reading records and balances back after commit. No SQL of its own.
 */
@Injectable()
export class ProjectedAppends {
  constructor(private readonly ledger: Ledger) {}

  /**
   * The same appends on a caller's open transaction (a payout's status change with its row and
   * outbox): they commit or roll back with it, and nothing is retried inside it (`Ledger.within`).
   * A failed projection still rolls back alone (the function's subtransaction), never the
   * caller's transaction. What it returns is the caller's to publish AFTER its commit.
   */
  within(transaction: SqlClient): ProjectedAppends {
    return new ProjectedAppends(this.ledger.within(transaction));
  }

  async append(event: LedgerEvent): Promise<AppendedProjected> {
    return appendedOf(await this.ledger.append(event, { project: true }));
  }
}

function appendedOf(row: ProjectedAppend): AppendedProjected {
  if (row.replayed) return { seq: row.seq, replayed: true };
  if (!row.projected) {
    return { seq: row.seq, replayed: false, projectionError: row.projectionError ?? 'unknown' };
  }
  const records = (row.records ?? []).map((json) => ({
    userId: json.user_id,
    record: recordOfRow({
      ...(json as unknown as RecordRow),
      created_at: new Date(json.created_at),
      updated_at: new Date(json.updated_at),
    }),
  }));
  const balances = new Map<string, BalanceSnapshot>();
  for (const [owner, available] of Object.entries(row.balances ?? {})) {
    const all = Object.fromEntries(USER_ACCOUNT_KINDS.map((kind) => [kind, 0])) as Record<
      UserAccountKind,
      Paise
    >;
    for (const kind of USER_ACCOUNT_KINDS) all[kind] = Number(available[kind] ?? 0);
    const figures = row.balanceFigures?.[owner];
    balances.set(owner, {
      balances: all,
      overdraftLimit: Number(figures?.overdraftLimit ?? 0),
      version: Number(figures?.version ?? 0),
    });
  }
  return { seq: row.seq, replayed: false, projection: { records, balances } };
}
