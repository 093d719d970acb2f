import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14, tamper evidence: the signed heads of the ledger (one per India day, append-only)
 * and the chain-heads view the Database screen reads. A frozen copy of
 * libs/ledger/sql/06-signed-heads.sql as it stood when it shipped.
 */
export class LedgerSignedHeads1764900000740 implements MigrationInterface {
  name = 'LedgerSignedHeads1764900000740';

  async up(db: QueryRunner): Promise<void> {
    await db.query(UP);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP VIEW ledger_chain_heads_view');
    await db.query('DROP TABLE ledger_signed_heads');
  }
}

const UP = `
  CREATE TABLE ledger_signed_heads (
    day         date PRIMARY KEY,
    seq         bigint NOT NULL CHECK (seq >= 0),
    digest      bytea NOT NULL CHECK (length(digest) = 32),
    signature   bytea NOT NULL CHECK (length(signature) = 64),
    public_key  text NOT NULL,
    signed_at   timestamptz NOT NULL DEFAULT now()
  );

  CREATE TRIGGER ledger_signed_heads_append_only BEFORE UPDATE OR DELETE ON ledger_signed_heads
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
  CREATE TRIGGER ledger_signed_heads_no_truncate BEFORE TRUNCATE ON ledger_signed_heads
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();

  CREATE VIEW ledger_chain_heads_view AS
    SELECT a.id AS account_id, a.owner_id, a.kind, a.code, a.version AS postings,
           p.id AS last_posting_id, a.last_hash
      FROM ledger_accounts a
      LEFT JOIN LATERAL (SELECT id FROM ledger_postings WHERE account_id = a.id
                          ORDER BY id DESC LIMIT 1) p ON true;
`;
