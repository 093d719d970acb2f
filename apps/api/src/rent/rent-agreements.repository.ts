import { Injectable } from '@nestjs/common';
import type { NetworkScope, RentDraft, RentStatus } from '@khata/domain';
import { DataAtRest } from '../common/crypto/data-at-rest.js';
import { Db, type Tx } from '../database/unit-of-work.js';
import { scopeCondition } from '../network/network-scopes.js';
import type {
  RentAgreement,
  RentAgreementRow,
  RentPartyRow,
  RentTimelineEntry,
} from './rent-agreement.js';

const COLUMNS = `
  a.id, a.reference, a.user_id AS "userId", a.state, a.city,
  a.property_address AS "propertyAddress", a.property_kind AS "propertyKind",
  a.rent_paise AS rent, a.deposit_paise AS deposit, a.maintenance_paise AS maintenance,
  to_char(a.start_date, 'YYYY-MM-DD') AS "startDate", a.term_months AS "termMonths",
  a.lock_in_months AS "lockInMonths", a.notice_months AS "noticeMonths",
  a.yearly_increase_bp AS "yearlyIncreaseBp", a.furnishings, a.witnesses, a.status,
  a.stamp_duty_paise AS "stampDuty", a.service_charge_paise AS "serviceCharge",
  a.stamp_rule AS "stampRule", a.commission, a.commission_split AS "commissionSplit",
  a.account_id AS "accountId", a.pay_key AS "payKey", a.estamp_certificate AS "estampCertificate",
  a.signed_pdf_sha256 AS "signedPdfSha256", a.refunded, a.created_at AS "createdAt",
  a.paid_at AS "paidAt", a.stamped_at AS "stampedAt", a.sent_at AS "sentAt",
  a.signed_at AS "signedAt", a.completed_at AS "completedAt", a.cancelled_at AS "cancelledAt",
  a.updated_at AS "updatedAt"`;

const ROW_COLUMNS = `${COLUMNS}, u.name AS "shopName", u.mobile AS "shopMobile"`;
const ROW_FROM = `rent_agreements a JOIN users u ON u.id = a.user_id`;

const PARTY_COLUMNS = `
  id, agreement_id AS "agreementId", role, position, name, parent_name AS "parentName", address,
  mobile, id_kind AS "idKind", id_value AS "idValue", otp_hash AS "otpHash",
  otp_expires_at AS "otpExpiresAt", otp_attempts AS "otpAttempts", otp_sends AS "otpSends",
  signed_at AS "signedAt", esign_reference AS "esignReference", signed_ip AS "signedIp"`;

/** Where a moment is kept per state reached. */
const STATUS_TIME: Partial<Record<RentStatus, string>> = {
  paid: 'paid_at',
  stamped: 'stamped_at',
  signing: 'sent_at',
  signed: 'signed_at',
  completed: 'completed_at',
  cancelled: 'cancelled_at',
};

export interface RentListFilter {
  scope: NetworkScope;
  status: RentStatus | null;
  search: string | null;
  limit: number;
  offset: number;
}

@Injectable()
export class RentAgreementsRepository {
  constructor(
    private readonly db: Db,
    private readonly atRest: DataAtRest,
  ) {}

  /** A PAN is kept sealed (DATA_KEY), an Aadhaar's last 4 as they are. */
  private opened(party: RentPartyRow): RentPartyRow {
    return party.idKind === 'pan' ? { ...party, idValue: this.atRest.open(party.idValue) } : party;
  }

  async insertDraft(
    tx: Tx,
    agreement: { id: string; reference: string; userId: string; at: Date },
    draft: RentDraft,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO rent_agreements (id, reference, user_id, state, city, property_address,
         property_kind, rent_paise, deposit_paise, maintenance_paise, start_date, term_months,
         lock_in_months, notice_months, yearly_increase_bp, furnishings, witnesses, status,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
               'draft', $18, $18)`,
      [
        agreement.id,
        agreement.reference,
        agreement.userId,
        draft.state,
        draft.city,
        draft.propertyAddress,
        draft.propertyKind,
        draft.rent,
        draft.deposit,
        draft.maintenance,
        draft.startDate,
        draft.termMonths,
        draft.lockInMonths,
        draft.noticeMonths,
        draft.yearlyIncreaseBp,
        JSON.stringify(draft.furnishings),
        JSON.stringify(draft.witnesses),
        agreement.at,
      ],
    );
    const parties = [...draft.landlords, ...draft.tenants];
    for (const [index, party] of parties.entries()) {
      const position = party.role === 'landlord' ? index : index - draft.landlords.length;
      await tx.query(
        `INSERT INTO rent_parties (id, agreement_id, role, position, name, parent_name, address,
           mobile, id_kind, id_value)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          agreement.id,
          party.role,
          position,
          party.name,
          party.parentName,
          party.address,
          party.mobile,
          party.idKind,
          party.idKind === 'pan' ? this.atRest.seal(party.idValue) : party.idValue,
        ],
      );
    }
  }

  async find(id: string, tx: Tx = this.db): Promise<RentAgreement | undefined> {
    const { rows } = await tx.query<RentAgreement>(
      `SELECT ${COLUMNS} FROM rent_agreements a WHERE a.id = $1`,
      [id],
    );
    return rows[0];
  }

  /** The row, locked for the caller's transaction: one change of state at a time. */
  async lock(tx: Tx, id: string): Promise<RentAgreement | undefined> {
    const { rows } = await tx.query<RentAgreement>(
      `SELECT ${COLUMNS} FROM rent_agreements a WHERE a.id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0];
  }

  async findRow(id: string): Promise<RentAgreementRow | undefined> {
    const { rows } = await this.db.query<RentAgreementRow>(
      `SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE a.id = $1`,
      [id],
    );
    return rows[0];
  }

  async findByReference(reference: string): Promise<RentAgreement | undefined> {
    const { rows } = await this.db.query<RentAgreement>(
      `SELECT ${COLUMNS} FROM rent_agreements a WHERE a.reference = $1`,
      [reference],
    );
    return rows[0];
  }

  async parties(agreementId: string, tx: Tx = this.db): Promise<RentPartyRow[]> {
    const { rows } = await tx.query<RentPartyRow>(
      `SELECT ${PARTY_COLUMNS} FROM rent_parties WHERE agreement_id = $1
        ORDER BY role, position`,
      [agreementId],
    );
    return rows.map((party) => this.opened(party));
  }

  async lockParty(tx: Tx, agreementId: string, partyId: string): Promise<RentPartyRow | undefined> {
    const { rows } = await tx.query<RentPartyRow>(
      `SELECT ${PARTY_COLUMNS} FROM rent_parties WHERE agreement_id = $1 AND id = $2 FOR UPDATE`,
      [agreementId, partyId],
    );
    return rows[0] && this.opened(rows[0]);
  }

  async timeline(agreementId: string): Promise<RentTimelineEntry[]> {
    const { rows } = await this.db.query<RentTimelineEntry>(
      `SELECT at, kind, detail FROM rent_agreement_events WHERE agreement_id = $1 ORDER BY id`,
      [agreementId],
    );
    return rows;
  }

  async note(
    tx: Tx,
    agreementId: string,
    entry: { at: Date; kind: string; detail?: string | null; actorId?: string | null },
  ): Promise<void> {
    await tx.query(
      `INSERT INTO rent_agreement_events (agreement_id, at, kind, detail, actor_id)
       VALUES ($1, $2, $3, $4, $5)`,
      [agreementId, entry.at, entry.kind, entry.detail ?? null, entry.actorId ?? null],
    );
  }

  /** Moves the row to `status`, stamping that state's time. */
  async move(
    tx: Tx,
    id: string,
    status: RentStatus,
    at: Date,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    const sets = ['status = $2', 'updated_at = $3'];
    const params: unknown[] = [id, status, at];
    const column = STATUS_TIME[status];
    if (column) sets.push(`${column} = $3`);
    for (const [name, value] of Object.entries(extra)) {
      params.push(value);
      sets.push(`${name} = $${params.length}`);
    }
    await tx.query(`UPDATE rent_agreements SET ${sets.join(', ')} WHERE id = $1`, params);
  }

  async signedPdf(id: string): Promise<Buffer | undefined> {
    const { rows } = await this.db.query<{ pdf: Buffer | null }>(
      'SELECT signed_pdf AS pdf FROM rent_agreements WHERE id = $1',
      [id],
    );
    return rows[0]?.pdf ?? undefined;
  }

  async shopInScope(scope: NetworkScope, shopId: string): Promise<boolean> {
    const params: unknown[] = [shopId];
    const { rows } = await this.db.query<{ id: string }>(
      `SELECT u.id FROM users u WHERE u.id = $1 AND ${scopeCondition(scope, 'u.id', params)}`,
      params,
    );
    return rows.length === 1;
  }

  async list(filter: RentListFilter): Promise<{ rows: RentAgreementRow[]; total: number }> {
    const params: unknown[] = [];
    const where = [scopeCondition(filter.scope, 'a.user_id', params)];
    if (filter.status) {
      params.push(filter.status);
      where.push(`a.status = $${params.length}`);
    }
    if (filter.search) {
      params.push(filter.search.toUpperCase());
      const at = params.length;
      params.push(`%${filter.search.replace(/[\\%_]/g, '\\$&')}%`);
      where.push(
        `(a.reference = $${at} OR EXISTS (SELECT 1 FROM rent_parties r WHERE r.agreement_id = a.id
           AND (r.name ILIKE $${params.length} OR r.mobile = $${at})))`,
      );
    }
    const condition = where.join(' AND ');
    const { rows } = await this.db.query<RentAgreementRow>(
      `SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE ${condition}
        ORDER BY a.created_at DESC, a.id
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.limit, filter.offset],
    );
    const { rows: counted } = await this.db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM rent_agreements a WHERE ${condition}`,
      params,
    );
    return { rows, total: counted[0]?.total ?? 0 };
  }

  /** An e-sign OTP sent: its keyed hash, expiry and the ESP's transaction id; tries reset. */
  async otpSent(
    tx: Tx,
    partyId: string,
    sent: { otpHash: Buffer; expiresAt: Date; transactionId: string },
  ): Promise<void> {
    await tx.query(
      `UPDATE rent_parties SET otp_hash = $2, otp_expires_at = $3, otp_attempts = 0,
         otp_sends = otp_sends + 1, esign_reference = $4 WHERE id = $1`,
      [partyId, sent.otpHash, sent.expiresAt, sent.transactionId],
    );
  }

  /**
   * Takes one try of a party's open OTP, committed at once (its own statement), so a wrong code
   * costs a try whatever happens next; undefined when there is no open code with tries left.
   */
  async takeOtpTry(
    agreementId: string,
    partyId: string,
    maxAttempts: number,
  ): Promise<
    { otpHash: Buffer; expiresAt: Date | null; attempts: number; transactionId: string } | undefined
  > {
    const { rows } = await this.db.query<{
      otpHash: Buffer;
      expiresAt: Date | null;
      attempts: number;
      transactionId: string;
    }>(
      `UPDATE rent_parties SET otp_attempts = otp_attempts + 1
        WHERE id = $1 AND agreement_id = $2 AND signed_at IS NULL AND otp_hash IS NOT NULL
          AND otp_attempts < $3
        RETURNING otp_hash AS "otpHash", otp_expires_at AS "expiresAt",
                  otp_attempts AS attempts, esign_reference AS "transactionId"`,
      [partyId, agreementId, maxAttempts],
    );
    return rows[0];
  }

  /** A party signed: the time, the ESP's reference and the IP; the OTP's hash dropped. */
  async partySigned(
    tx: Tx,
    partyId: string,
    signature: { at: Date; reference: string; ip: string | null },
  ): Promise<void> {
    await tx.query(
      `UPDATE rent_parties SET signed_at = $2, esign_reference = $3, signed_ip = $4,
         otp_hash = NULL, otp_expires_at = NULL WHERE id = $1`,
      [partyId, signature.at, signature.reference, signature.ip],
    );
  }
}
