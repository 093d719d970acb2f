import { Injectable } from '@nestjs/common';
import { DataAtRest } from '../common/crypto/data-at-rest.js';
import { Db, type Tx } from '../database/unit-of-work.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { BeneficiaryMessages } from './beneficiary-messages.js';

export type BeneficiaryKind = 'bank' | 'aeps';
/** How a bank beneficiary is paid: a payout from the wallet, or DMT for a walk-in remitter. */
export type BeneficiaryType = 'payout' | 'dmt';
export type BeneficiaryStatus = 'verified' | 'pending';
export type ActivationStatus = 'pending' | 'approved' | 'rejected';

/** What a payout needs to know about the account it pays (PayoutsModule reads this). */
export interface PayableBeneficiary {
  id: string;
  name: string;
  bankName: string;
  /** Digits only, as stored. */
  accountNumber: string;
  /** Upper case, as stored. */
  ifsc: string;
  status: BeneficiaryStatus;
  kind: BeneficiaryKind;
}

export interface Beneficiary extends PayableBeneficiary {
  ownerId: string;
  type: BeneficiaryType | null;
  beneficiaryMobile: string | null;
  remitterMobile: string | null;
  activationStatus: ActivationStatus | null;
  activationRemark: string | null;
  referenceKey: string | null;
  payeeName: string | null;
  /** Null while a DMT beneficiary waits for its OTP; set at creation otherwise. */
  registeredAt: Date | null;
  createdAt: Date;
}

/** An AEPS account as the approving admin sees it: with its owner. */
export interface AepsRequest extends Beneficiary {
  ownerName: string;
  ownerMobile: string;
}

export interface NewBeneficiary {
  ownerId: string;
  kind: BeneficiaryKind;
  type: BeneficiaryType | null;
  name: string;
  bankName: string;
  accountNumber: string;
  ifsc: string;
  beneficiaryMobile: string | null;
  remitterMobile: string | null;
  status: BeneficiaryStatus;
  payeeName: string | null;
  activationStatus: ActivationStatus | null;
  registeredAt: Date | null;
  createdAt: Date;
}

/**
 * The columns of a Beneficiary; `t` is a table alias with its dot, for queries that join. The
 * account number comes out sealed (issue 31): the repository opens it before answering.
 */
const columns = (t = '') => `
  ${t}id, ${t}owner_id AS "ownerId", ${t}kind, ${t}type, ${t}name, ${t}bank_name AS "bankName",
  ${t}account_sealed AS "accountNumber", ${t}ifsc, ${t}beneficiary_mobile AS "beneficiaryMobile",
  ${t}remitter_mobile AS "remitterMobile", ${t}status, ${t}activation_status AS "activationStatus",
  ${t}activation_remark AS "activationRemark", ${t}reference_key AS "referenceKey",
  ${t}payee_name AS "payeeName", ${t}registered_at AS "registeredAt", ${t}created_at AS "createdAt"`;
const COLUMNS = columns();

/** Postgres' unique_violation, raised by the one-live-row-per-account index. */
const UNIQUE_VIOLATION = '23505';

/** A save that met the one-live-row-per-account index: the beneficiary is already saved. */
export function refuseDuplicate(error: unknown): never {
  if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
    throw new AppError(ErrorKind.Conflict, BeneficiaryMessages.duplicate);
  }
  throw error;
}

/**
 * Saved beneficiaries. Every read is scoped to an owner: nobody reads another's accounts. The
 * account number is sealed at rest and found by its keyed hash (DataAtRest).
 */
@Injectable()
export class BeneficiariesRepository {
  constructor(
    private readonly db: Db,
    private readonly atRest: DataAtRest,
  ) {}

  /** Rows as read, their sealed account numbers opened. */
  private opened<T extends { accountNumber: string }>(rows: T[]): T[] {
    return rows.map((row) => ({ ...row, accountNumber: this.atRest.open(row.accountNumber) }));
  }

  /**
   * The live beneficiary of `ownerId` with this normalised account and IFSC that money may be
   * sent to: not deleted, registered (a DMT beneficiary only after its OTP), and for AEPS only
   * once approved.
   */
  async findPayable(
    tx: Tx,
    ownerId: string,
    kind: BeneficiaryKind,
    accountNumber: string,
    ifsc: string,
  ): Promise<PayableBeneficiary | undefined> {
    const { rows } = await tx.query<PayableBeneficiary>(
      `SELECT id, name, bank_name AS "bankName", account_sealed AS "accountNumber", ifsc,
              status, kind
         FROM beneficiaries
        WHERE owner_id = $1 AND kind = $2 AND account_hash = $3 AND ifsc = $4
          AND deleted_at IS NULL AND registered_at IS NOT NULL
          AND (kind <> 'aeps' OR activation_status = 'approved')
        ORDER BY created_at DESC
        LIMIT 1`,
      [ownerId, kind, this.atRest.accountHash(accountNumber), ifsc],
    );
    return this.opened(rows)[0];
  }

  /** The owner's live beneficiaries of a kind, newest first. */
  async listOwned(ownerId: string, kind: BeneficiaryKind): Promise<Beneficiary[]> {
    const { rows } = await this.db.query<Beneficiary>(
      `SELECT ${COLUMNS} FROM beneficiaries
        WHERE owner_id = $1 AND kind = $2 AND deleted_at IS NULL
        ORDER BY created_at DESC, id`,
      [ownerId, kind],
    );
    return this.opened(rows);
  }

  /** AEPS accounts of every owner in one activation status, oldest first (at most 500). */
  async listAeps(status: ActivationStatus): Promise<AepsRequest[]> {
    const { rows } = await this.db.query<AepsRequest>(
      `SELECT ${columns('b.')}, u.name AS "ownerName", u.mobile AS "ownerMobile"
         FROM beneficiaries b JOIN users u ON u.id = b.owner_id
        WHERE b.kind = 'aeps' AND b.activation_status = $1 AND b.deleted_at IS NULL
        ORDER BY b.created_at, b.id
        LIMIT 500`,
      [status],
    );
    return this.opened(rows);
  }

  /** One live beneficiary, only if `ownerId` owns it. */
  async findOwned(
    tx: Tx,
    ownerId: string,
    id: string,
    lock = false,
  ): Promise<Beneficiary | undefined> {
    const { rows } = await tx.query<Beneficiary>(
      `SELECT ${COLUMNS} FROM beneficiaries
        WHERE id = $1 AND owner_id = $2 AND deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
      [id, ownerId],
    );
    return this.opened(rows)[0];
  }

  /** Any live AEPS beneficiary by id, locked (the admin approval step). */
  async lockAeps(tx: Tx, id: string): Promise<Beneficiary | undefined> {
    const { rows } = await tx.query<Beneficiary>(
      `SELECT ${COLUMNS} FROM beneficiaries
        WHERE id = $1 AND kind = 'aeps' AND deleted_at IS NULL FOR UPDATE`,
      [id],
    );
    return this.opened(rows)[0];
  }

  /** A live row of the owner for the same account, kind and IFSC (the unique index's key). */
  async findDuplicate(
    tx: Tx,
    candidate: Pick<NewBeneficiary, 'ownerId' | 'kind' | 'accountNumber' | 'ifsc'>,
  ): Promise<Beneficiary | undefined> {
    const { rows } = await tx.query<Beneficiary>(
      `SELECT ${COLUMNS} FROM beneficiaries
        WHERE owner_id = $1 AND kind = $2 AND account_hash = $3 AND ifsc = $4
          AND deleted_at IS NULL AND activation_status IS DISTINCT FROM 'rejected'
        FOR UPDATE`,
      [
        candidate.ownerId,
        candidate.kind,
        this.atRest.accountHash(candidate.accountNumber),
        candidate.ifsc,
      ],
    );
    return this.opened(rows)[0];
  }

  /** AEPS accounts that hold one of the owner's 2 places: live and not rejected. */
  async countLiveAeps(tx: Tx, ownerId: string): Promise<number> {
    const [row] = (
      await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM beneficiaries
        WHERE owner_id = $1 AND kind = 'aeps' AND deleted_at IS NULL
          AND activation_status <> 'rejected'`,
        [ownerId],
      )
    ).rows;
    return row?.n ?? 0;
  }

  /**
   * Serialises the owner's beneficiary writes (the AEPS count check and the insert) by locking
   * their user row until the transaction ends.
   */
  async lockOwner(tx: Tx, ownerId: string): Promise<void> {
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [ownerId]);
  }

  async insert(tx: Tx, beneficiary: NewBeneficiary): Promise<Beneficiary> {
    const account = this.atRest.sealAccount(beneficiary.accountNumber);
    const { rows } = await tx.query<Beneficiary>(
      `INSERT INTO beneficiaries
         (owner_id, kind, type, name, bank_name, account_sealed, account_hash, ifsc,
          beneficiary_mobile, remitter_mobile, status, payee_name, activation_status,
          registered_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       RETURNING ${COLUMNS}`,
      [
        beneficiary.ownerId,
        beneficiary.kind,
        beneficiary.type,
        beneficiary.name,
        beneficiary.bankName,
        account.sealed,
        account.hash,
        beneficiary.ifsc,
        beneficiary.beneficiaryMobile,
        beneficiary.remitterMobile,
        beneficiary.status,
        beneficiary.payeeName,
        beneficiary.activationStatus,
        beneficiary.registeredAt,
        beneficiary.createdAt,
      ],
    );
    return this.opened(rows)[0]!;
  }

  /** A bank beneficiary still waiting for its OTP takes the details of a new submission. */
  async replaceUnregistered(
    tx: Tx,
    id: string,
    details: Omit<NewBeneficiary, 'ownerId' | 'kind' | 'accountNumber' | 'ifsc' | 'createdAt'>,
  ): Promise<Beneficiary> {
    const { rows } = await tx.query<Beneficiary>(
      `UPDATE beneficiaries
          SET type = $2, name = $3, bank_name = $4, beneficiary_mobile = $5, remitter_mobile = $6,
              status = $7, payee_name = $8, registered_at = $9, reference_key = NULL
        WHERE id = $1 AND registered_at IS NULL RETURNING ${COLUMNS}`,
      [
        id,
        details.type,
        details.name,
        details.bankName,
        details.beneficiaryMobile,
        details.remitterMobile,
        details.status,
        details.payeeName,
        details.registeredAt,
      ],
    );
    return this.opened(rows)[0]!;
  }

  async setReferenceKey(tx: Tx, id: string, referenceKey: string): Promise<void> {
    await tx.query('UPDATE beneficiaries SET reference_key = $2 WHERE id = $1', [id, referenceKey]);
  }

  async markRegistered(tx: Tx, id: string, at: Date): Promise<void> {
    await tx.query(
      'UPDATE beneficiaries SET registered_at = $2 WHERE id = $1 AND registered_at IS NULL',
      [id, at],
    );
  }

  async decideActivation(
    tx: Tx,
    id: string,
    decision: { status: 'approved' | 'rejected'; remark: string | null; by: string; at: Date },
  ): Promise<Beneficiary> {
    const { rows } = await tx.query<Beneficiary>(
      `UPDATE beneficiaries
          SET activation_status = $2, activation_remark = $3, activation_decided_by = $4,
              activation_decided_at = $5
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, decision.status, decision.remark, decision.by, decision.at],
    );
    return this.opened(rows)[0]!;
  }

  /** Soft delete, only of the owner's live row; false when there was none. */
  async softDelete(tx: Tx, ownerId: string, id: string, at: Date): Promise<boolean> {
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE beneficiaries SET deleted_at = $3
        WHERE id = $1 AND owner_id = $2 AND deleted_at IS NULL RETURNING id`,
      [id, ownerId, at],
    );
    return rows.length > 0;
  }
}
