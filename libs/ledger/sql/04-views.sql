-- The ledger's read API: code outside libs/ledger reads these views (and opens accounts with
-- ledger_open_accounts), never the ledger_* tables, so the tables can change behind them.
-- An ESLint rule (eslint/ledger-tables.mjs) holds the line.

-- What each account holds: posted (credits less debits), pending (held debits) and available
-- (posted less pending; the overdraft limit is not money the user has, so it is a column of
-- its own: what may be spent is available + overdraft_limit). balance_version grows with
-- every change of these figures: of two reads of an account, the larger one is the newer.
CREATE VIEW ledger_balances_view AS
  SELECT a.id AS account_id, a.owner_id, a.kind, a.code,
         a.credits_posted - a.debits_posted AS posted,
         a.debits_pending AS pending,
         a.credits_posted - a.debits_posted - a.debits_pending AS available,
         a.overdraft_limit,
         a.balance_version
    FROM ledger_accounts a;

-- The log as reports read it; the idempotency columns stay the ledger's own.
CREATE VIEW ledger_events_view AS
  SELECT e.seq, e.id, e.type, e.stream, e.stream_version, e.data, e.metadata, e.actor_id, e.occurred_at
    FROM ledger_events e;

-- Every posting with the balance after it: a statement needs no table of its own.
CREATE VIEW ledger_postings_view AS
  SELECT p.id, p.event_seq, p.account_id, p.amount, p.balance_after
    FROM ledger_postings p;

CREATE VIEW ledger_holds_view AS
  SELECT h.id, h.account_id, h.amount, h.status, h.posted_amount, h.expires_at, h.placed_seq, h.closed_seq
    FROM ledger_holds h;

-- Opens a new user's accounts of these kinds, in the caller's transaction.
CREATE FUNCTION ledger_open_accounts(p_owner uuid, p_kinds text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO ledger_accounts (owner_id, kind) SELECT p_owner, unnest(p_kinds)
$$;
