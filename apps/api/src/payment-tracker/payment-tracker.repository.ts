import { Injectable } from '@nestjs/common';
import type { Viewer } from '@khata/domain';
import { LedgerReads, type RecordFacts } from '@khata/ledger';
import { Db } from '../database/unit-of-work.js';
import { NetworkScopes } from '../network/network-scopes.js';
import { RECORD_COLUMNS, type RecordRow } from '../transactions/record-row.js';

/** How a payment is looked up: the seq of its order id, or its bank reference. */
export type PaymentKey = { orderSeq: number } | { utr: string } | { recordId: string };

export interface TrackedRow extends RecordRow {
  stream: string;
  /** The shop whose record this is, as its receipts print it. */
  shop_name: string;
  shop_phone: string;
}

export interface StreamEvent {
  type: string;
  at: Date;
  facts: RecordFacts | null;
  /** When a payout with no `processing` event went to the bank (on its final event). */
  sentAt?: string | null;
}

/** The tracker's and the public receipt check's reads of the transaction read model and the log. */
@Injectable()
export class PaymentTrackerRepository {
  constructor(
    private readonly db: Db,
    private readonly scopes: NetworkScopes,
  ) {}

  /**
   * The payment with this key whose party the viewer sees (its payer first): a payment outside
   * the viewer's network is not found, exactly like one that does not exist.
   */
  async find(viewer: Viewer, key: PaymentKey): Promise<TrackedRow | undefined> {
    const [match, value] =
      'orderSeq' in key
        ? ['r.opened_seq = $1', key.orderSeq]
        : 'utr' in key
          ? ['r.external_ref = $1', key.utr]
          : ['r.record_id = $1', key.recordId];
    const params: unknown[] = [value];
    const visible = this.scopes.visibleFilter(viewer, 'u', params);
    const { rows } = await this.db.query<TrackedRow>(
      `SELECT ${columnsOf('r')}, r.stream, coalesce(nullif(trim(u.shop_name), ''), u.name) AS shop_name,
              u.mobile AS shop_phone
         FROM transaction_records r
         JOIN users u ON u.id = r.user_id
        WHERE ${match} AND ${visible}
        ORDER BY r.opened_seq DESC, r.direction = 'debit' DESC LIMIT 1`,
      params,
    );
    return rows[0];
  }

  /** Every event of a stream, in order, with its read-model facts. */
  async events(stream: string): Promise<StreamEvent[]> {
    return new LedgerReads(this.db).streamFacts(stream);
  }

  /** The payer's side of a record (the other side of a credit), for the public check. */
  async payerSide(recordId: string): Promise<RecordRow | undefined> {
    const { rows } = await this.db.query<RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM transaction_records WHERE record_id = $1
        ORDER BY direction = 'debit' DESC LIMIT 1`,
      [recordId],
    );
    return rows[0];
  }
}

function columnsOf(alias: string): string {
  return RECORD_COLUMNS.split(',')
    .map((column) => `${alias}.${column.trim()}`)
    .join(', ');
}
