import { Injectable } from '@nestjs/common';
import type { DmtBeneficiaryState, RemitterDocumentType, RemitterState } from '@khata/domain';
import type { Tx } from '../database/unit-of-work.js';

export interface RemitterRow {
  id: string;
  mobile: string;
  name: string;
  /** `YYYY-MM-DD`. */
  dateOfBirth: string;
  address: string;
  pinCode: string;
  documentType: RemitterDocumentType;
  documentLast4: string;
  state: RemitterState;
  ekycAt: Date | null;
  registeredBy: string;
  createdAt: Date;
  registeredAt: Date | null;
}

export interface NewRemitter {
  id: string;
  mobile: string;
  name: string;
  dateOfBirth: string;
  address: string;
  pinCode: string;
  documentType: RemitterDocumentType;
  documentSealed: string;
  documentLast4: string;
  registeredBy: string;
  createdAt: Date;
}

export interface BeneficiaryRow {
  id: string;
  remitterId: string;
  name: string;
  bankName: string;
  ifsc: string;
  accountSealed: string;
  accountLast4: string;
  verifiedName: string | null;
  state: DmtBeneficiaryState;
  addedBy: string;
  createdAt: Date;
  activatedAt: Date | null;
}

export interface NewBeneficiary {
  id: string;
  remitterId: string;
  name: string;
  bankName: string;
  ifsc: string;
  accountSealed: string;
  accountHash: Buffer;
  accountLast4: string;
  verifiedName: string | null;
  addedBy: string;
  createdAt: Date;
}

const REMITTER = `id, mobile, name, to_char(date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth", address,
  pin_code AS "pinCode", document_type AS "documentType", document_last4 AS "documentLast4",
  state, ekyc_at AS "ekycAt", registered_by AS "registeredBy", created_at AS "createdAt",
  registered_at AS "registeredAt"`;

const BENEFICIARY = `id, remitter_id AS "remitterId", name, bank_name AS "bankName", ifsc,
  account_sealed AS "accountSealed", account_last4 AS "accountLast4",
  verified_name AS "verifiedName", state, added_by AS "addedBy", created_at AS "createdAt",
  activated_at AS "activatedAt"`;

/** `remitters` and `remitter_beneficiaries` (issue 25). */
@Injectable()
export class RemittersRepository {
  async findByMobile(tx: Tx, mobile: string, lock = false): Promise<RemitterRow | undefined> {
    const { rows } = await tx.query<RemitterRow>(
      `SELECT ${REMITTER} FROM remitters WHERE mobile = $1${lock ? ' FOR UPDATE' : ''}`,
      [mobile],
    );
    return rows[0];
  }

  async findById(tx: Tx, id: string): Promise<RemitterRow | undefined> {
    const { rows } = await tx.query<RemitterRow>(
      `SELECT ${REMITTER} FROM remitters WHERE id = $1`,
      [id],
    );
    return rows[0];
  }

  /**
   * A new remitter waiting for its OTP, or (when the mobile is known and still waiting) its
   * details replaced by this registration's: nothing was proven yet. Answers the row, or
   * undefined when the mobile is already registered.
   */
  async upsertPending(tx: Tx, remitter: NewRemitter): Promise<RemitterRow | undefined> {
    const { rows } = await tx.query<RemitterRow>(
      `INSERT INTO remitters (id, mobile, name, date_of_birth, address, pin_code, document_type,
                              document_sealed, document_last4, registered_by, created_at)
       VALUES ($1, $2, $3, $4::date, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (mobile) DO UPDATE SET
         name = EXCLUDED.name, date_of_birth = EXCLUDED.date_of_birth,
         address = EXCLUDED.address, pin_code = EXCLUDED.pin_code,
         document_type = EXCLUDED.document_type, document_sealed = EXCLUDED.document_sealed,
         document_last4 = EXCLUDED.document_last4, registered_by = EXCLUDED.registered_by
        WHERE remitters.state = 'otpPending'
       RETURNING ${REMITTER}`,
      [
        remitter.id,
        remitter.mobile,
        remitter.name,
        remitter.dateOfBirth,
        remitter.address,
        remitter.pinCode,
        remitter.documentType,
        remitter.documentSealed,
        remitter.documentLast4,
        remitter.registeredBy,
        remitter.createdAt,
      ],
    );
    return rows[0];
  }

  /** otpPending → registered; false when it was not pending (another request got there first). */
  async markRegistered(tx: Tx, id: string, at: Date): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE remitters SET state = 'registered', registered_at = $2
        WHERE id = $1 AND state = 'otpPending'`,
      [id, at],
    );
    return (rowCount ?? 0) > 0;
  }

  /** registered → ekycDone, with the provider's reference; false when it was not registered. */
  async markEkycDone(tx: Tx, id: string, reference: string, at: Date): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE remitters SET state = 'ekycDone', ekyc_at = $2, ekyc_reference = $3
        WHERE id = $1 AND state = 'registered'`,
      [id, at, reference],
    );
    return (rowCount ?? 0) > 0;
  }

  /** An OTP e-KYC started at the provider: its reference, kept until the code completes it. */
  async startEkyc(tx: Tx, id: string, reference: string): Promise<void> {
    await tx.query(
      `UPDATE remitters SET ekyc_reference = $2 WHERE id = $1 AND state = 'registered'`,
      [id, reference],
    );
  }

  async ekycReference(tx: Tx, id: string): Promise<string | null> {
    const { rows } = await tx.query<{ reference: string | null }>(
      'SELECT ekyc_reference AS reference FROM remitters WHERE id = $1',
      [id],
    );
    return rows[0]?.reference ?? null;
  }

  /** The remitter's beneficiaries that are not deleted, oldest first. */
  async beneficiariesOf(tx: Tx, remitterId: string): Promise<BeneficiaryRow[]> {
    const { rows } = await tx.query<BeneficiaryRow>(
      `SELECT ${BENEFICIARY} FROM remitter_beneficiaries
        WHERE remitter_id = $1 AND state <> 'deleted' ORDER BY created_at, id`,
      [remitterId],
    );
    return rows;
  }

  async findBeneficiary(tx: Tx, id: string, lock = false): Promise<BeneficiaryRow | undefined> {
    const { rows } = await tx.query<BeneficiaryRow>(
      `SELECT ${BENEFICIARY} FROM remitter_beneficiaries WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0];
  }

  /** The remitter's live beneficiary with this account, if any. */
  async findBeneficiaryByAccount(
    tx: Tx,
    remitterId: string,
    accountHash: Buffer,
    ifsc: string,
  ): Promise<BeneficiaryRow | undefined> {
    const { rows } = await tx.query<BeneficiaryRow>(
      `SELECT ${BENEFICIARY} FROM remitter_beneficiaries
        WHERE remitter_id = $1 AND account_hash = $2 AND ifsc = $3 AND state <> 'deleted'
        FOR UPDATE`,
      [remitterId, accountHash, ifsc],
    );
    return rows[0];
  }

  async insertBeneficiary(tx: Tx, beneficiary: NewBeneficiary): Promise<void> {
    await tx.query(
      `INSERT INTO remitter_beneficiaries (id, remitter_id, name, bank_name, ifsc, account_sealed,
         account_hash, account_last4, verified_name, added_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        beneficiary.id,
        beneficiary.remitterId,
        beneficiary.name,
        beneficiary.bankName,
        beneficiary.ifsc,
        beneficiary.accountSealed,
        beneficiary.accountHash,
        beneficiary.accountLast4,
        beneficiary.verifiedName,
        beneficiary.addedBy,
        beneficiary.createdAt,
      ],
    );
  }

  /** A pending beneficiary added again: the newest name, bank and check count. */
  async refreshPending(
    tx: Tx,
    id: string,
    change: { name: string; bankName: string; verifiedName: string | null; addedBy: string },
  ): Promise<void> {
    await tx.query(
      `UPDATE remitter_beneficiaries
          SET name = $2, bank_name = $3, verified_name = COALESCE($4, verified_name), added_by = $5
        WHERE id = $1 AND state = 'otpPending'`,
      [id, change.name, change.bankName, change.verifiedName, change.addedBy],
    );
  }

  /** otpPending → active; false when it was not pending. */
  async activateBeneficiary(tx: Tx, id: string, at: Date): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE remitter_beneficiaries SET state = 'active', activated_at = $2
        WHERE id = $1 AND state = 'otpPending'`,
      [id, at],
    );
    return (rowCount ?? 0) > 0;
  }

  /** active (or pending) → deleted; false when it was deleted already. */
  async deleteBeneficiary(tx: Tx, id: string, at: Date): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE remitter_beneficiaries SET state = 'deleted', deleted_at = $2
        WHERE id = $1 AND state <> 'deleted'`,
      [id, at],
    );
    return (rowCount ?? 0) > 0;
  }
}
