import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fund requests (issue 13): the company's bank accounts users pay into, the requests with
 * their proof (kept in the row, like KYC photos: never on a disk a web server serves) and
 * decision, and the bank statements an admin uploads with their credit lines.
 *
 * - A UTR is taken once per bank account by a request that is pending or approved; a rejected
 *   request frees it (the partial unique index), so a user whose proof was unreadable can send
 *   the same payment again (docs/decisions.md, "Issue 13: fund requests").
 * - A request is decided once: `state` moves from pending only (the handler's row lock and
 *   conditional update); the approval's ledger event id sits beside the statement line it was
 *   matched to, if any.
 * - A statement line is a credit of one bank account, unique by its UTR in that account, so
 *   an overlapping or repeated upload adds nothing twice; a line supports one request at most.
 */
export class FundRequests1764800000200 implements MigrationInterface {
  name = 'FundRequests1764800000200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE company_bank_accounts (
        id              uuid PRIMARY KEY,
        bank_name       text NOT NULL CHECK (length(bank_name) BETWEEN 1 AND 80),
        account_name    text NOT NULL CHECK (length(account_name) BETWEEN 1 AND 120),
        account_number  text NOT NULL CHECK (account_number ~ '^[0-9]{9,18}$'),
        ifsc            text NOT NULL CHECK (ifsc ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
        active          boolean NOT NULL DEFAULT true,
        created_by      uuid REFERENCES users (id),
        created_at      timestamptz NOT NULL DEFAULT now(),
        updated_at      timestamptz NOT NULL DEFAULT now(),
        UNIQUE (account_number, ifsc)
      )`);
    await db.query(`
      CREATE TABLE bank_statements (
        id               uuid PRIMARY KEY,
        bank_account_id  uuid NOT NULL REFERENCES company_bank_accounts (id),
        digest           text NOT NULL,
        file_name        text,
        line_count       integer NOT NULL,
        uploaded_by      uuid NOT NULL REFERENCES users (id),
        uploaded_at      timestamptz NOT NULL DEFAULT now(),
        UNIQUE (bank_account_id, digest)
      )`);
    await db.query(`
      CREATE TABLE bank_statement_lines (
        id               uuid PRIMARY KEY,
        statement_id     uuid NOT NULL REFERENCES bank_statements (id),
        bank_account_id  uuid NOT NULL REFERENCES company_bank_accounts (id),
        line_no          integer NOT NULL,
        txn_date         date NOT NULL,
        utr              text NOT NULL CHECK (utr ~ '^[A-Z0-9]{1,40}$'),
        amount           bigint NOT NULL CHECK (amount > 0),
        description      text,
        fund_request_id  uuid UNIQUE,
        UNIQUE (bank_account_id, utr)
      )`);
    await db.query(`
      CREATE TABLE fund_requests (
        id                 uuid PRIMARY KEY,
        user_id            uuid NOT NULL REFERENCES users (id),
        approver_id        uuid REFERENCES users (id),
        amount             bigint NOT NULL CHECK (amount >= 10000),
        mode               text NOT NULL CHECK (mode IN ('IMPS', 'NEFT', 'RTGS', 'UPI', 'CASH', 'CHEQUE')),
        utr                text NOT NULL CHECK (utr ~ '^[A-Z0-9]{1,40}$'),
        bank_account_id    uuid NOT NULL REFERENCES company_bank_accounts (id),
        deposit_date       date NOT NULL,
        remark             text CHECK (length(remark) <= 200),
        proof              bytea NOT NULL CHECK (octet_length(proof) BETWEEN 1 AND 2097152),
        proof_type         text NOT NULL
          CHECK (proof_type IN ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')),
        state              text NOT NULL DEFAULT 'pending'
          CHECK (state IN ('pending', 'approved', 'rejected')),
        reason             text CHECK (length(reason) <= 300),
        decided_by         uuid REFERENCES users (id),
        decided_at         timestamptz,
        event_id           uuid,
        event_seq          bigint,
        statement_line_id  uuid UNIQUE REFERENCES bank_statement_lines (id),
        created_at         timestamptz NOT NULL DEFAULT now(),
        CHECK ((state = 'pending') = (decided_at IS NULL)),
        CHECK (state <> 'rejected' OR reason IS NOT NULL),
        CHECK ((state = 'approved') = (event_id IS NOT NULL))
      )`);
    await db.query(
      `CREATE UNIQUE INDEX fund_requests_utr_once ON fund_requests (bank_account_id, utr)
        WHERE state <> 'rejected'`,
    );
    await db.query('CREATE INDEX fund_requests_user ON fund_requests (user_id, created_at DESC)');
    await db.query(
      'CREATE INDEX fund_requests_queue ON fund_requests (approver_id, state, created_at)',
    );
    await db.query(
      `ALTER TABLE bank_statement_lines ADD CONSTRAINT bank_statement_lines_request
         FOREIGN KEY (fund_request_id) REFERENCES fund_requests (id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE bank_statement_lines DROP CONSTRAINT bank_statement_lines_request');
    await db.query('DROP TABLE fund_requests');
    await db.query('DROP TABLE bank_statement_lines');
    await db.query('DROP TABLE bank_statements');
    await db.query('DROP TABLE company_bank_accounts');
  }
}
