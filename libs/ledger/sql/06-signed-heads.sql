-- Tamper evidence (issue 14): once a day Khata signs the ledger's head, the digest of every
-- account's chain head at the last event of the India day (libs/ledger/src/signed-heads.ts has
-- the exact definition), with an Ed25519 key; `ledger:verify` recomputes each one. A day is
-- signed once (its primary key) and a signed head is never changed.
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

-- Each account's chain head as the Database screen shows it: its last posting and hash.
CREATE VIEW ledger_chain_heads_view AS
  SELECT a.id AS account_id, a.owner_id, a.kind, a.code, a.version AS postings,
         p.id AS last_posting_id, a.last_hash
    FROM ledger_accounts a
    LEFT JOIN LATERAL (SELECT id FROM ledger_postings WHERE account_id = a.id
                        ORDER BY id DESC LIMIT 1) p ON true;
