import { Injectable } from '@nestjs/common';
import type { FundRequestMode, FundRequestState, Paise } from '@khata/domain';
import { DataAtRest } from '../common/crypto/data-at-rest.js';
import { Db, type Tx } from '../database/unit-of-work.js';

export interface CompanyBankAccountRow {
  id: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  ifsc: string;
  active: boolean;
}

/** A request without its proof's bytes, with the people around it. */
export interface FundRequestRow {
  id: string;
  userId: string;
  approverId: string | null;
  amount: Paise;
  mode: FundRequestMode;
  utr: string;
  bankAccountId: string;
  bankName: string;
  bankAccountNumber: string;
  depositDate: string;
  remark: string | null;
  proofType: string;
  state: FundRequestState;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  eventId: string | null;
  statementLineId: string | null;
  createdAt: Date;
  userName: string;
  userMobile: string;
  userRole: string;
  approverName: string | null;
  deciderName: string | null;
}

export interface NewFundRequest {
  id: string;
  userId: string;
  approverId: string | null;
  amount: Paise;
  mode: FundRequestMode;
  utr: string;
  bankAccountId: string;
  depositDate: string;
  remark: string | null;
  proof: Uint8Array;
  proofType: string;
  createdAt: Date;
}

export interface StatementLineRow {
  id: string;
  lineNo: number;
  date: string;
  utr: string;
  amount: Paise;
  description: string | null;
  fundRequestId: string | null;
}

export interface NewStatementLine {
  lineNo: number;
  date: string;
  utr: string;
  amount: Paise;
  description: string | null;
}

/** Account numbers come out sealed (issue 31); the repository opens them before answering. */
const BANK_COLUMNS = `b.id, b.bank_name AS "bankName", b.account_name AS "accountName",
  b.account_sealed AS "accountNumber", b.ifsc, b.active`;

const REQUEST_COLUMNS = `r.id, r.user_id AS "userId", r.approver_id AS "approverId", r.amount,
  r.mode, r.utr, r.bank_account_id AS "bankAccountId", b.bank_name AS "bankName",
  b.account_sealed AS "bankAccountNumber", to_char(r.deposit_date, 'YYYY-MM-DD') AS "depositDate",
  r.remark, r.proof_type AS "proofType", r.state, r.reason, r.decided_by AS "decidedBy",
  r.decided_at AS "decidedAt", r.event_id AS "eventId", r.statement_line_id AS "statementLineId",
  r.created_at AS "createdAt", u.name AS "userName", u.mobile AS "userMobile", u.role AS "userRole",
  a.name AS "approverName", d.name AS "deciderName"`;

const REQUEST_FROM = `fund_requests r JOIN users u ON u.id = r.user_id
  JOIN company_bank_accounts b ON b.id = r.bank_account_id
  LEFT JOIN users a ON a.id = r.approver_id LEFT JOIN users d ON d.id = r.decided_by`;

const LINE_COLUMNS = `l.id, l.line_no AS "lineNo", to_char(l.txn_date, 'YYYY-MM-DD') AS date, l.utr,
  l.amount, l.description, l.fund_request_id AS "fundRequestId"`;

export interface FundRequestFilter {
  /** A condition on `users u` (and `fund_requests r`), and its parameters. */
  where: string[];
  params: unknown[];
  state: FundRequestState | undefined;
  limit: number;
  offset: number;
}

@Injectable()
export class FundRequestsRepository {
  constructor(
    private readonly db: Db,
    private readonly atRest: DataAtRest,
  ) {}

  /** Company accounts as read, their sealed numbers opened. */
  private openedBanks(rows: CompanyBankAccountRow[]): CompanyBankAccountRow[] {
    return rows.map((row) => ({ ...row, accountNumber: this.atRest.open(row.accountNumber) }));
  }

  /** Requests as read, their company account's sealed number opened (once an account). */
  private openedRequests(rows: FundRequestRow[]): FundRequestRow[] {
    const numbers = new Map<string, string>();
    return rows.map((row) => {
      let number = numbers.get(row.bankAccountId);
      if (number === undefined) {
        number = this.atRest.open(row.bankAccountNumber);
        numbers.set(row.bankAccountId, number);
      }
      return { ...row, bankAccountNumber: number };
    });
  }

  // Company bank accounts

  async bankAccounts(onlyActive: boolean): Promise<CompanyBankAccountRow[]> {
    const { rows } = await this.db.query<CompanyBankAccountRow>(
      `SELECT ${BANK_COLUMNS} FROM company_bank_accounts b
        ${onlyActive ? 'WHERE b.active' : ''} ORDER BY b.bank_name, b.created_at, b.id`,
    );
    return this.openedBanks(rows);
  }

  async bankAccount(tx: Tx, id: string): Promise<CompanyBankAccountRow | undefined> {
    const { rows } = await tx.query<CompanyBankAccountRow>(
      `SELECT ${BANK_COLUMNS} FROM company_bank_accounts b WHERE b.id = $1`,
      [id],
    );
    return this.openedBanks(rows)[0];
  }

  async activeBanksNamed(tx: Tx, bankName: string): Promise<CompanyBankAccountRow[]> {
    const { rows } = await tx.query<CompanyBankAccountRow>(
      `SELECT ${BANK_COLUMNS} FROM company_bank_accounts b
        WHERE b.active AND lower(b.bank_name) = lower($1)`,
      [bankName],
    );
    return this.openedBanks(rows);
  }

  async saveBankAccount(
    tx: Tx,
    account: CompanyBankAccountRow,
    by: string,
  ): Promise<CompanyBankAccountRow | undefined> {
    const number = this.atRest.sealAccount(account.accountNumber);
    const { rows } = await tx.query<CompanyBankAccountRow>(
      `INSERT INTO company_bank_accounts AS b
         (id, bank_name, account_name, account_sealed, account_hash, ifsc, active, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (id) DO UPDATE SET bank_name = EXCLUDED.bank_name,
         account_name = EXCLUDED.account_name, account_sealed = EXCLUDED.account_sealed,
         account_hash = EXCLUDED.account_hash, ifsc = EXCLUDED.ifsc, active = EXCLUDED.active,
         updated_at = now()
       RETURNING ${BANK_COLUMNS}`,
      [
        account.id,
        account.bankName,
        account.accountName,
        number.sealed,
        number.hash,
        account.ifsc,
        account.active,
        by,
      ],
    );
    return this.openedBanks(rows)[0];
  }

  // Requests

  async insert(tx: Tx, request: NewFundRequest): Promise<void> {
    await tx.query(
      `INSERT INTO fund_requests (id, user_id, approver_id, amount, mode, utr, bank_account_id,
         deposit_date, remark, proof, proof_type, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        request.id,
        request.userId,
        request.approverId,
        request.amount,
        request.mode,
        request.utr,
        request.bankAccountId,
        request.depositDate,
        request.remark,
        this.atRest.sealBytes(request.proof),
        request.proofType,
        request.createdAt,
      ],
    );
  }

  async find(tx: Tx, id: string): Promise<FundRequestRow | undefined> {
    const { rows } = await tx.query<FundRequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} WHERE r.id = $1`,
      [id],
    );
    return this.openedRequests(rows)[0];
  }

  /** Locks one request for its decision: a second decider waits, then reads the first's. */
  async lock(tx: Tx, id: string): Promise<FundRequestRow | undefined> {
    await tx.query('SELECT 1 FROM fund_requests WHERE id = $1 FOR UPDATE', [id]);
    return this.find(tx, id);
  }

  async approve(
    tx: Tx,
    id: string,
    decision: { by: string; at: Date; eventId: string; seq: string; lineId: string | null },
  ): Promise<number> {
    const { rowCount } = await tx.query(
      `UPDATE fund_requests SET state = 'approved', decided_by = $2, decided_at = $3,
         event_id = $4, event_seq = $5, statement_line_id = $6
        WHERE id = $1 AND state = 'pending'`,
      [id, decision.by, decision.at, decision.eventId, decision.seq, decision.lineId],
    );
    return rowCount ?? 0;
  }

  async reject(
    tx: Tx,
    id: string,
    decision: { by: string; at: Date; reason: string },
  ): Promise<number> {
    const { rowCount } = await tx.query(
      `UPDATE fund_requests SET state = 'rejected', decided_by = $2, decided_at = $3, reason = $4
        WHERE id = $1 AND state = 'pending'`,
      [id, decision.by, decision.at, decision.reason],
    );
    return rowCount ?? 0;
  }

  async list(filter: FundRequestFilter): Promise<{ rows: FundRequestRow[]; total: number }> {
    const params = [...filter.params];
    const where = [...filter.where];
    if (filter.state) {
      params.push(filter.state);
      where.push(`r.state = $${params.length}`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const count = await this.db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM ${REQUEST_FROM} ${clause}`,
      params,
    );
    params.push(filter.limit, filter.offset);
    const { rows } = await this.db.query<FundRequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} ${clause}
        ORDER BY (r.state = 'pending') DESC, r.created_at DESC, r.id
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return { rows: this.openedRequests(rows), total: count.rows[0]?.total ?? 0 };
  }

  /** Every request of one bank account in a state, for the statement match. */
  async ofBank(bankAccountId: string, states: FundRequestState[]): Promise<FundRequestRow[]> {
    const { rows } = await this.db.query<FundRequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM}
        WHERE r.bank_account_id = $1 AND r.state = ANY($2::text[]) ORDER BY r.created_at`,
      [bankAccountId, states],
    );
    return this.openedRequests(rows);
  }

  async proof(id: string): Promise<{ userId: string; bytes: Buffer; type: string } | undefined> {
    const { rows } = await this.db.query<{ userId: string; bytes: Buffer; type: string }>(
      `SELECT user_id AS "userId", proof AS bytes, proof_type AS type FROM fund_requests
        WHERE id = $1`,
      [id],
    );
    return rows[0] && { ...rows[0], bytes: this.atRest.openBytes(rows[0].bytes) };
  }

  /** Users and their roles, for the approver rule: the requester and its parent. */
  async requesterAndParent(
    tx: Tx,
    userId: string,
  ): Promise<
    | {
        role: string;
        parentId: string | null;
        parentRole: string | null;
        parentStatus: string | null;
      }
    | undefined
  > {
    const { rows } = await tx.query<{
      role: string;
      parentId: string | null;
      parentRole: string | null;
      parentStatus: string | null;
    }>(
      `SELECT u.role, p.id AS "parentId", p.role AS "parentRole", p.status AS "parentStatus"
         FROM users u LEFT JOIN users p ON p.id = u.parent_id WHERE u.id = $1`,
      [userId],
    );
    return rows[0];
  }

  // Bank statements

  /** Records the statement once per account and digest; undefined when it was uploaded before. */
  async insertStatement(
    tx: Tx,
    statement: {
      id: string;
      bankAccountId: string;
      digest: string;
      fileName: string | null;
      lineCount: number;
      by: string;
    },
  ): Promise<string | undefined> {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO bank_statements (id, bank_account_id, digest, file_name, line_count, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (bank_account_id, digest) DO NOTHING RETURNING id`,
      [
        statement.id,
        statement.bankAccountId,
        statement.digest,
        statement.fileName,
        statement.lineCount,
        statement.by,
      ],
    );
    return rows[0]?.id;
  }

  async statementIdOf(tx: Tx, bankAccountId: string, digest: string): Promise<string | undefined> {
    const { rows } = await tx.query<{ id: string }>(
      'SELECT id FROM bank_statements WHERE bank_account_id = $1 AND digest = $2',
      [bankAccountId, digest],
    );
    return rows[0]?.id;
  }

  /** Adds the lines a statement brings; a UTR the account already has is skipped. */
  async insertLines(
    tx: Tx,
    statementId: string,
    bankAccountId: string,
    lines: NewStatementLine[],
  ): Promise<number> {
    if (!lines.length) return 0;
    const { rowCount } = await tx.query(
      `INSERT INTO bank_statement_lines
         (id, statement_id, bank_account_id, line_no, txn_date, utr, amount, description)
       SELECT gen_random_uuid(), $1, $2, l.line_no, l.txn_date, l.utr, l.amount, l.description
         FROM jsonb_to_recordset($3::jsonb)
           AS l(line_no integer, txn_date date, utr text, amount bigint, description text)
       ON CONFLICT (bank_account_id, utr) DO NOTHING`,
      [
        statementId,
        bankAccountId,
        JSON.stringify(
          lines.map((line) => ({
            line_no: line.lineNo,
            txn_date: line.date,
            utr: line.utr,
            amount: line.amount,
            description: line.description,
          })),
        ),
      ],
    );
    return rowCount ?? 0;
  }

  async lines(bankAccountId: string): Promise<StatementLineRow[]> {
    const { rows } = await this.db.query<StatementLineRow>(
      `SELECT ${LINE_COLUMNS} FROM bank_statement_lines l WHERE l.bank_account_id = $1
        ORDER BY l.txn_date, l.line_no`,
      [bankAccountId],
    );
    return rows;
  }

  async lockLine(
    tx: Tx,
    id: string,
  ): Promise<(StatementLineRow & { bankAccountId: string }) | undefined> {
    const { rows } = await tx.query<StatementLineRow & { bankAccountId: string }>(
      `SELECT ${LINE_COLUMNS}, l.bank_account_id AS "bankAccountId"
         FROM bank_statement_lines l WHERE l.id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0];
  }

  async claimLine(tx: Tx, lineId: string, requestId: string): Promise<void> {
    await tx.query(
      'UPDATE bank_statement_lines SET fund_request_id = $2 WHERE id = $1 AND fund_request_id IS NULL',
      [lineId, requestId],
    );
  }
}
