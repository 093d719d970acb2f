import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 31 item 4: four eyes on the money one admin could mint. An admin credit or debit above
 * the configured threshold, and an admin's approval of a fund request with no bank-statement
 * line behind it, wait here until a second admin approves: nothing reaches the ledger before.
 * `approving` is a second admin's claim while its posting runs (one claim wins a burst); the
 * row records who asked, who decided and the ledger event the approval posted.
 */
export class AdminApprovals1765400031600 implements MigrationInterface {
  name = 'AdminApprovals1765400031600';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE admin_approvals (
        id               uuid PRIMARY KEY,
        kind             text NOT NULL
          CHECK (kind IN ('wallet.credit', 'wallet.debit', 'fund-request.approve')),
        state            text NOT NULL DEFAULT 'pending'
          CHECK (state IN ('pending', 'approving', 'approved', 'rejected')),
        requested_by     uuid NOT NULL REFERENCES users (id),
        request_key      text NOT NULL CHECK (length(request_key) BETWEEN 1 AND 200),
        subject_id       uuid NOT NULL REFERENCES users (id),
        amount           bigint NOT NULL CHECK (amount > 0),
        remark           text CHECK (length(remark) <= 300),
        fund_request_id  uuid REFERENCES fund_requests (id),
        decided_by       uuid REFERENCES users (id),
        decided_at       timestamptz,
        reason           text CHECK (length(reason) <= 300),
        order_id         text,
        created_at       timestamptz NOT NULL,
        UNIQUE (requested_by, request_key),
        CHECK ((kind = 'fund-request.approve') = (fund_request_id IS NOT NULL)),
        CHECK (decided_by IS NULL OR decided_by <> requested_by),
        CHECK ((state IN ('approved', 'rejected')) = (decided_at IS NOT NULL)),
        CHECK ((state = 'pending') = (decided_by IS NULL)),
        CHECK (state <> 'rejected' OR reason IS NOT NULL)
      )`);
    await db.query(
      `CREATE UNIQUE INDEX admin_approvals_one_open_per_fund_request
         ON admin_approvals (fund_request_id) WHERE state IN ('pending', 'approving')`,
    );
    await db.query(
      `CREATE INDEX admin_approvals_open ON admin_approvals (created_at)
        WHERE state IN ('pending', 'approving')`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE admin_approvals');
  }
}
