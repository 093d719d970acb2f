-- Accounts: the balance vector of each account (posted debits and credits, pending debits,
-- overdraft limit, version) and the head of its hash chain. `version` counts postings;
-- `balance_version` counts every change of what the account may spend (a posting, a hold
-- placed or closed, a limit set), so a reader can tell which of two reads is newer (issue 23). Users' accounts are opened with
-- the user (ledger_open_accounts, 04-views.sql); system accounts are sharded here, once.

-- Append-only tables refuse UPDATE, DELETE and TRUNCATE through this trigger function. The
-- audit log uses it too, so it is replaced in place, never dropped.
CREATE OR REPLACE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TABLE ledger_accounts (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id         uuid REFERENCES users (id),
  kind             text NOT NULL,
  currency         char(3) NOT NULL DEFAULT 'INR',
  debits_posted    bigint NOT NULL DEFAULT 0,
  credits_posted   bigint NOT NULL DEFAULT 0,
  debits_pending   bigint NOT NULL DEFAULT 0,
  overdraft_limit  bigint NOT NULL DEFAULT 0 CHECK (overdraft_limit >= 0),
  version          bigint NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now(),
  -- System accounts have a code (`system:funding/3`) instead of an owner.
  code             text UNIQUE,
  -- System accounts may go below zero: they mirror money outside the ledger.
  floor_exempt     boolean NOT NULL DEFAULT false,
  last_hash        bytea NOT NULL DEFAULT '\x0000000000000000000000000000000000000000000000000000000000000000',
  balance_version  bigint NOT NULL DEFAULT 0,
  UNIQUE (owner_id, kind),
  CONSTRAINT ledger_accounts_owner_or_code CHECK (owner_id IS NOT NULL OR code IS NOT NULL)
);

-- Hot system accounts are split into 16 shards (SYSTEM_SHARDS) so their row locks do not queue.
INSERT INTO ledger_accounts (kind, code, floor_exempt)
SELECT kind, kind || '/' || shard, true
  FROM unnest(ARRAY['system:funding', 'system:fee_income', 'system:payout_clearing',
                    'system:bank_settlement', 'system:pg_clearing']) WITH ORDINALITY AS k (kind, n),
       generate_series(0, 15) AS shard
 ORDER BY n, shard;

-- Issue 13: TDS withheld from commissions and GST inside fees, owed to the government.
INSERT INTO ledger_accounts (kind, code, floor_exempt)
SELECT kind, kind || '/' || shard, true
  FROM unnest(ARRAY['system:tds_payable', 'system:gst_payable']) WITH ORDINALITY AS k (kind, n),
       generate_series(0, 15) AS shard
 ORDER BY n, shard;

-- Issue 14: Khata's expense account the compensation for a late return is paid from.
INSERT INTO ledger_accounts (kind, code, floor_exempt)
SELECT 'system:compensation', 'system:compensation/' || shard, true
  FROM generate_series(0, 15) AS shard
 ORDER BY shard;
