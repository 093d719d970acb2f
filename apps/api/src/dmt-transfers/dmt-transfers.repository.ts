import { Injectable } from '@nestjs/common';
import type {
  CommissionSplit,
  DmtTransferStatusFilter,
  NetworkScope,
  TransferProduct,
} from '@khata/domain';
import { DataAtRest } from '../common/crypto/data-at-rest.js';
import { Db, type Tx } from '../database/unit-of-work.js';
import { scopeCondition } from '../network/network-scopes.js';
import { RailOutboxTable } from '../rail/rail-outbox.repository.js';
import { RailTable } from '../rail/rail-table.repository.js';
import type { DmtPayee, DmtRailTransfer, DmtTransfer } from './dmt-transfer.js';
import type { DmtTransferStatus } from './dmt-transfer-machine.js';

const COLUMNS = `
  t.id, t.product, t.user_id AS "userId", t.remitter_id AS "remitterId",
  t.beneficiary_id AS "beneficiaryId", t.account_id AS "accountId", t.hold_id AS "holdId",
  t.amount_paise::int8 AS amount, t.fee_paise::int8 AS fee, t.mode, t.status, t.utr, t.message,
  t.refund_state AS "refundState", t.refund_hold_id AS "refundHoldId",
  t.refunded_at AS "refundedAt", t.commission, t.commission_split AS "commissionSplit",
  t.idempotency_key AS "idempotencyKey", t.request_hash AS "requestHash",
  t.order_seq::text AS "orderSeq", t.send_started_at AS "sendStartedAt", t.sends,
  t.processing_recorded AS "processingRecorded", t.status_checks AS "statusChecks",
  t.last_checked_at AS "lastCheckedAt", t.next_check_at AS "nextCheckAt",
  t.created_at AS "createdAt", t.updated_at AS "updatedAt", t.finished_at AS "finishedAt"`;

const PAYEE = `
  r.mobile AS "remitterMobile", r.name AS "remitterName", b.name AS "beneficiaryName",
  b.bank_name AS "bankName", b.account_sealed AS "accountSealed", b.ifsc`;

type PayeeRow = Omit<DmtPayee, 'accountNumber'> & { accountSealed: string };

/** A state change of a transfer, applied only from the status it is expected to be in. */
export interface DmtTransferRowChange {
  from: DmtTransferStatus;
  to: DmtTransferStatus;
  at: Date;
  utr?: string | null;
  message?: string | null;
  nextCheckAt?: Date | null;
  sendStartedAt?: Date | null;
  /** Failed or returned: the money waits, held, for the customer's refund OTP. */
  refundHoldId?: string | null;
}

/** A transfer in a list, with who made it and for whom. */
export interface DmtTransferListRow extends DmtTransfer {
  shopName: string;
  shopMobile: string;
  remitterMobile: string;
  remitterName: string;
  beneficiaryName: string;
  accountLast4: string;
  ifsc: string;
}

/**
 * `dmt_transfers` and its outbox (issue 25). Every status change is a compare-and-set on the
 * current status, the right to send a compare-and-set on the last send, the refund a
 * compare-and-set on `refund_state = 'pending'`: two callers never both move, send or refund.
 */
@Injectable()
export class DmtTransfersRepository {
  /** The outbox as the relay works it; its rows are written and started here. */
  readonly outbox: RailOutboxTable;
  /** The rail machine's statements (the right to send, a look noted, the sweep's claim). */
  readonly rail: RailTable;

  constructor(
    private readonly db: Db,
    private readonly atRest: DataAtRest,
  ) {
    this.outbox = new RailOutboxTable(db, {
      table: 'dmt_transfer_outbox',
      idColumn: 'transfer_id',
    });
    this.rail = new RailTable(db, 'dmt_transfers');
  }

  /**
   * The remitter by mobile; with `lock`, locked until the transaction ends: every transfer of
   * one remitter (from any shop) waits here, so the month's sum and the insert that follows it
   * are one step.
   */
  async findRemitter(
    tx: Tx,
    mobile: string,
    { lock = false } = {},
  ): Promise<{ id: string; state: string; name: string; mobile: string } | undefined> {
    const { rows } = await tx.query<{ id: string; state: string; name: string; mobile: string }>(
      `SELECT id, state, name, mobile FROM remitters WHERE mobile = $1${lock ? ' FOR UPDATE' : ''}`,
      [mobile],
    );
    return rows[0];
  }

  async findByKey(tx: Tx, userId: string, key: string): Promise<DmtTransfer | undefined> {
    const { rows } = await tx.query<DmtTransfer>(
      `SELECT ${COLUMNS} FROM dmt_transfers t WHERE t.user_id = $1 AND t.idempotency_key = $2`,
      [userId, key],
    );
    return rows[0];
  }

  async find(id: string, tx: Tx = this.db): Promise<DmtTransfer | undefined> {
    const { rows } = await tx.query<DmtTransfer>(
      `SELECT ${COLUMNS} FROM dmt_transfers t WHERE t.id = $1`,
      [id],
    );
    return rows[0];
  }

  /** The transfer locked until the transaction ends. */
  async lock(tx: Tx, id: string): Promise<DmtTransfer | undefined> {
    const { rows } = await tx.query<DmtTransfer>(
      `SELECT ${COLUMNS} FROM dmt_transfers t WHERE t.id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0];
  }

  /** The transfer with who it pays (the beneficiary's account number opened). */
  async findForRail(id: string): Promise<DmtRailTransfer | undefined> {
    const { rows } = await this.db.query<DmtTransfer & PayeeRow>(
      `SELECT ${COLUMNS}, ${PAYEE} FROM dmt_transfers t
         JOIN remitters r ON r.id = t.remitter_id
         JOIN remitter_beneficiaries b ON b.id = t.beneficiary_id
        WHERE t.id = $1`,
      [id],
    );
    const row = rows[0];
    return row && this.withPayee(row);
  }

  private withPayee(row: DmtTransfer & PayeeRow): DmtRailTransfer {
    const {
      remitterMobile,
      remitterName,
      beneficiaryName,
      bankName,
      accountSealed,
      ifsc,
      ...rest
    } = row;
    return {
      ...rest,
      payee: {
        remitterMobile,
        remitterName,
        beneficiaryName,
        bankName,
        ifsc,
        accountNumber: this.atRest.open(accountSealed),
      },
    };
  }

  /** The transfer row and its outbox row, in one statement. */
  async insert(tx: Tx, transfer: DmtTransfer): Promise<void> {
    await tx.query(
      `WITH transfer AS (
         INSERT INTO dmt_transfers
           (id, user_id, remitter_id, beneficiary_id, account_id, hold_id, amount_paise,
            fee_paise, mode, status, idempotency_key, request_hash, order_seq, next_check_at,
            commission, created_at, updated_at, product)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'queued', $10, $11, $12, $13, $14, $15, $15,
                 $16)
         RETURNING id, created_at)
       INSERT INTO dmt_transfer_outbox (transfer_id, created_at)
       SELECT id, created_at FROM transfer`,
      [
        transfer.id,
        transfer.userId,
        transfer.remitterId,
        transfer.beneficiaryId,
        transfer.accountId,
        transfer.holdId,
        transfer.amount,
        transfer.fee,
        transfer.mode,
        transfer.idempotencyKey,
        transfer.requestHash,
        transfer.orderSeq,
        transfer.nextCheckAt,
        transfer.commission === null ? null : JSON.stringify(transfer.commission),
        transfer.createdAt,
        transfer.product,
      ],
    );
  }

  /** queued → processing with the first send claimed; its outbox row relayed in the same statement. */
  async start(id: string, at: Date, nextCheckAt: Date | null): Promise<boolean> {
    const { rows } = await this.db.query<{ id: string }>(
      `WITH relayed AS (
         UPDATE dmt_transfer_outbox SET relayed_at = $2 WHERE transfer_id = $1 AND relayed_at IS NULL)
       UPDATE dmt_transfers SET status = 'processing', send_started_at = $2, sends = sends + 1,
              updated_at = $2, next_check_at = $3
        WHERE id = $1 AND status = 'queued'
        RETURNING id`,
      [id, at, nextCheckAt],
    );
    return rows.length === 1;
  }

  /** Moves the transfer from `from` to `to`; undefined when it was no longer in `from`. */
  async move(tx: Tx, id: string, move: DmtTransferRowChange): Promise<DmtTransfer | undefined> {
    const terminal = move.to !== 'queued' && move.to !== 'processing';
    const refund = move.refundHoldId !== undefined && move.refundHoldId !== null;
    const { rows } = await tx.query<DmtTransfer>(
      `UPDATE dmt_transfers t
          SET status = $3, updated_at = $4,
              utr = coalesce($5, utr), message = coalesce($6, message),
              finished_at = CASE WHEN $7 THEN coalesce(finished_at, $4) ELSE finished_at END,
              next_check_at = $8,
              refund_state = CASE WHEN $11 THEN 'pending' ELSE refund_state END,
              refund_hold_id = CASE WHEN $11 THEN $12::uuid ELSE refund_hold_id END
        WHERE id = $1 AND status = $2
          AND ($9::boolean IS NOT TRUE OR send_started_at IS NOT DISTINCT FROM $10::timestamptz)
        RETURNING ${COLUMNS}`,
      [
        id,
        move.from,
        move.to,
        move.at,
        move.utr ?? null,
        move.message ?? null,
        terminal,
        move.nextCheckAt ?? null,
        move.sendStartedAt !== undefined,
        move.sendStartedAt ?? null,
        refund,
        move.refundHoldId ?? null,
      ],
    );
    return rows[0];
  }

  /**
   * Notes a look that settled nothing and answers the transfer as it stood, locked; one still
   * processing is marked as having its `processing` event (the caller appends it).
   */
  async noteStatusCheck(
    tx: Tx,
    id: string,
    at: Date,
    nextCheckAt: Date | null,
  ): Promise<DmtTransfer | undefined> {
    const before = await this.lock(tx, id);
    if (!before) return undefined;
    await this.rail.noteStatusCheck(tx, id, at, nextCheckAt);
    return before;
  }

  async recordSplit(tx: Tx, id: string, split: CommissionSplit): Promise<void> {
    await tx.query('UPDATE dmt_transfers SET commission_split = $2 WHERE id = $1', [
      id,
      JSON.stringify(split),
    ]);
  }

  /** The refund, once: pending → refunded; false when it was not pending any more. */
  async markRefunded(tx: Tx, id: string, at: Date, by: string): Promise<boolean> {
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE dmt_transfers SET refund_state = 'refunded', refunded_at = $2, refunded_by = $3,
              updated_at = $2
        WHERE id = $1 AND refund_state = 'pending'
        RETURNING id`,
      [id, at, by],
    );
    return rows.length === 1;
  }

  /**
   * Transfers for a list, newest first: those of the shops in the viewer's network scope (a
   * retailer its own, a distributor its network's, an admin all), optionally of one status or
   * of a refund queue.
   */
  async list(filter: {
    product: TransferProduct;
    scope: NetworkScope;
    status: DmtTransferStatusFilter | null;
    limit: number;
    offset: number;
  }): Promise<{ rows: DmtTransferListRow[]; total: number }> {
    const params: unknown[] = [filter.status, filter.product];
    const where = `${scopeCondition(filter.scope, 't.user_id', params)}
       AND t.product = $2
       AND ($1::text IS NULL
            OR ($1 = 'refundPending' AND t.refund_state = 'pending')
            OR ($1 = 'refunded' AND t.refund_state = 'refunded')
            OR t.status = $1)`;
    const { rows } = await this.db.query<DmtTransferListRow>(
      `SELECT ${COLUMNS}, u.name AS "shopName", u.mobile AS "shopMobile",
              r.mobile AS "remitterMobile", r.name AS "remitterName",
              b.name AS "beneficiaryName", b.account_last4 AS "accountLast4", b.ifsc
         FROM dmt_transfers t
         JOIN users u ON u.id = t.user_id
         JOIN remitters r ON r.id = t.remitter_id
         JOIN remitter_beneficiaries b ON b.id = t.beneficiary_id
        WHERE ${where}
        ORDER BY t.created_at DESC, t.id
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.limit, filter.offset],
    );
    const { rows: counted } = await this.db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM dmt_transfers t WHERE ${where}`,
      params,
    );
    return { rows, total: counted[0]?.total ?? 0 };
  }
}
