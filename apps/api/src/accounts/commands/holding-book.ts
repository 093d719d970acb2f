import { Injectable } from '@nestjs/common';
import { auditMoney, orderIdOfSeq, type HoldingKind, type Paise } from '@khata/domain';
import { Ledger, LedgerError } from '@khata/ledger';
import { randomUUID } from 'node:crypto';
import { AuditLog } from '../../audit/audit.repository.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { Tx } from '../../database/unit-of-work.js';
import { HoldingsRepository, type HoldingRow } from '../holdings.repository.js';
import { actionMetadata, holdingEvent, requestHash } from './holding-events.js';

/** Who acts, from where, under which Idempotency-Key. */
export interface HoldingActor {
  admin: AuthUser;
  context: RequestContext;
  key: string;
}

/** The wallet and held accounts of a holding, and what the wallet holds itself (locked). */
export interface HoldingAccounts {
  wallet: string;
  held: string;
  own: Paise;
}

/**
 * The ledger and table side of liens and security deposits (issue 24): what the place and
 * release handlers load under the wallet's lock, and what they commit once they have decided
 * (the ledger event, the `balance_holdings` row and the audit line, in the caller's
 * transaction).
 */
@Injectable()
export class HoldingBook {
  constructor(
    private readonly ledger: Ledger,
    private readonly holdings: HoldingsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /**
   * The user's wallet and held account, with the wallet's own money under its lock (parallel
   * holdings queue on it). The overdraft does not count: a holding holds money in the wallet.
   */
  async accountsOf(tx: Tx, userId: string, kind: HoldingKind): Promise<HoldingAccounts> {
    const ledger = this.ledger.within(tx);
    const wallet = await ledger.userAccount(userId, 'wallet');
    const held = await ledger.userAccount(userId, kind);
    const own = (await ledger.lockOwnMoney([wallet, held])).get(wallet) ?? 0;
    return { wallet, held, own };
  }

  /**
   * Places a decided holding: its ledger event (a refusal of the ledger's floor is passed to
   * `onShort`), its row and its audit line.
   */
  async place(
    tx: Tx,
    holding: { kind: HoldingKind; userId: string; amount: Paise; reason: string; hash: string },
    accounts: HoldingAccounts,
    { admin, context, key }: HoldingActor,
    onShort: () => Error,
  ): Promise<HoldingRow> {
    const { kind, userId, amount, reason, hash } = holding;
    const id = randomUUID();
    const appended = await this.ledger
      .within(tx)
      .append({
        ...holdingEvent(kind, 'placed', { id, userId, amount, reason }, accounts),
        metadata: actionMetadata(admin, context, key),
        actorId: admin.userId,
        idempotencyKey: key,
        requestHash: hash,
      })
      .catch((error: unknown) => {
        if (error instanceof LedgerError && error.kind === 'insufficient-funds') throw onShort();
        throw error;
      });
    const row = {
      id,
      userId,
      kind,
      amount,
      status: 'placed' as const,
      reason,
      placedBy: admin.userId,
      placedAt: this.clock.now(),
      placedSeq: appended.seq,
      placedHash: hash,
    };
    await this.holdings.insert(tx, { ...row, placedKey: key });
    await this.audit.record(tx, {
      action: kind === 'lien' ? 'lien.place' : 'security.hold',
      outcome: 'success',
      actorId: admin.userId,
      subjectId: userId,
      sessionId: admin.sessionId,
      context,
      details: {
        holdingId: id,
        amount: auditMoney(amount),
        reason,
        orderID: orderIdOfSeq(appended.seq),
      },
    });
    return { ...row, releaseReason: null, releasedBy: null, releasedAt: null, releasedKey: null };
  }

  /** Releases a placed holding back to the wallet: its ledger event, row and audit line. */
  async release(
    tx: Tx,
    row: HoldingRow,
    reason: string,
    { admin, context, key }: HoldingActor,
  ): Promise<{ holding: HoldingRow; seq: string }> {
    const kind = row.kind;
    const ledger = this.ledger.within(tx);
    const wallet = await ledger.userAccount(row.userId, 'wallet');
    const held = await ledger.userAccount(row.userId, kind);
    const appended = await ledger.append({
      ...holdingEvent(kind, 'released', { ...row, reason }, { wallet, held }),
      metadata: actionMetadata(admin, context, key),
      actorId: admin.userId,
      idempotencyKey: key,
      requestHash: requestHash('release', kind, row.id, reason),
    });
    const at = this.clock.now();
    await this.holdings.release(tx, row.id, {
      reason,
      by: admin.userId,
      at,
      seq: appended.seq,
      key,
    });
    await this.audit.record(tx, {
      action: kind === 'lien' ? 'lien.release' : 'security.release',
      outcome: 'success',
      actorId: admin.userId,
      subjectId: row.userId,
      sessionId: admin.sessionId,
      context,
      details: {
        holdingId: row.id,
        amount: auditMoney(row.amount),
        reason,
        orderID: orderIdOfSeq(appended.seq),
      },
    });
    const holding = {
      ...row,
      status: 'released' as const,
      releaseReason: reason,
      releasedBy: admin.userId,
      releasedAt: at,
      releasedKey: key,
    };
    return { holding, seq: appended.seq };
  }
}
