import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23, a balance that goes stale: `ledger_accounts.balance_version` counts every change of
 * what an account may spend (a posting, a hold placed or closed, a limit set), under the
 * account's row lock, so of two reads of a user's balances the one with the larger sum is the
 * newer. Backfilled from the postings, holds and limit changes (what `ledger:verify` checks);
 * `ledger_balances_view` shows it and `ledger_append_projected` returns it with the wallet's
 * overdraft limit. Frozen copies of libs/ledger/sql/01, 03, 04 and 07 as they shipped; `down`
 * restores the definitions before it.
 */
export class BalanceVersion1765300002300 implements MigrationInterface {
  name = 'BalanceVersion1765300002300';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
ALTER TABLE ledger_accounts ADD COLUMN balance_version bigint NOT NULL DEFAULT 0
`);
    await db.query(`
UPDATE ledger_accounts a
   SET balance_version = a.version
     + (SELECT count(*) FROM ledger_holds h WHERE h.account_id = a.id)
     + (SELECT count(*) FROM ledger_holds h WHERE h.account_id = a.id AND h.closed_seq IS NOT NULL)
     + (SELECT count(*) FROM ledger_limits l WHERE l.account_id = a.id)
`);
    await db.query(`
CREATE OR REPLACE FUNCTION ledger_apply_limit(p_op jsonb, p_seq bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_limit  bigint;
BEGIN
  IF NOT (p_op->>'overdraftLimit')::numeric BETWEEN 0 AND 100000000000000 THEN
    RAISE EXCEPTION 'an overdraft limit is beyond the ledger''s limit' USING ERRCODE = 'KL008', DETAIL = p_op->>'account';
  END IF;
  v_limit := (p_op->>'overdraftLimit')::bigint;
  UPDATE ledger_accounts a SET overdraft_limit = v_limit, balance_version = a.balance_version + 1
   WHERE a.id = (p_op->>'account')::uuid
     AND a.credits_posted - a.debits_posted - a.debits_pending + v_limit >= 0;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the overdraft limit is below what the account owes' USING ERRCODE = 'KL009', DETAIL = p_op->>'account';
  END IF;
  INSERT INTO ledger_limits (event_seq, account_id, overdraft_limit)
  VALUES (p_seq, (p_op->>'account')::uuid, v_limit);
END $$;
`);
    await db.query(`
CREATE OR REPLACE FUNCTION ledger_apply_hold(p_op jsonb, p_seq bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_hold record;
BEGIN
  IF p_op->>'op' = 'place' THEN
    UPDATE ledger_accounts
       SET debits_pending = debits_pending + (p_op->>'amount')::bigint,
           balance_version = balance_version + 1
     WHERE id = (p_op->>'account')::uuid
       AND (floor_exempt OR credits_posted - debits_posted - debits_pending + overdraft_limit >= (p_op->>'amount')::bigint);
    IF NOT FOUND THEN
      RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'KL001', DETAIL = p_op->>'account';
    END IF;
    INSERT INTO ledger_holds (id, account_id, amount, status, expires_at, placed_seq)
    VALUES ((p_op->>'hold')::uuid, (p_op->>'account')::uuid, (p_op->>'amount')::bigint, 'pending',
            (p_op->>'expiresAt')::timestamptz, p_seq);
    RETURN;
  END IF;
  UPDATE ledger_holds
     SET status = CASE WHEN p_op->>'op' = 'post' THEN 'posted' ELSE 'voided' END,
         posted_amount = CASE WHEN p_op->>'op' = 'post' THEN (p_op->>'amount')::bigint END,
         closed_seq = p_seq
   WHERE id = (p_op->>'hold')::uuid AND status = 'pending'
     AND (p_op->>'op' = 'void' OR expires_at IS NULL OR expires_at > now())
  RETURNING account_id, amount INTO v_hold;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'hold is not pending' USING ERRCODE = 'KL004', DETAIL = p_op->>'hold';
  END IF;
  IF p_op->>'op' = 'post' AND (p_op->>'amount')::bigint > v_hold.amount THEN
    RAISE EXCEPTION 'posting more than the hold' USING ERRCODE = 'KL006', DETAIL = p_op->>'hold';
  END IF;
  -- Releasing the hold first lets its account's debit pass the ordinary floor check.
  UPDATE ledger_accounts
     SET debits_pending = debits_pending - v_hold.amount, balance_version = balance_version + 1
   WHERE id = v_hold.account_id;
END $$;
`);
    await db.query(`
CREATE OR REPLACE FUNCTION ledger_post_leg(p_seq bigint, p_account uuid, p_amount bigint, p_ceiling bigint)
  RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_account  record;
  v_after    bigint;
BEGIN
  UPDATE ledger_accounts a
     SET debits_posted = a.debits_posted + greatest(-p_amount, 0),
         credits_posted = a.credits_posted + greatest(p_amount, 0),
         version = a.version + 1,
         balance_version = a.balance_version + 1,
         last_hash = ledger_posting_hash(a.last_hash, p_seq, a.id, p_amount)
   WHERE a.id = p_account
     AND (p_amount > 0 OR a.floor_exempt
          OR a.credits_posted - a.debits_posted - a.debits_pending + a.overdraft_limit + p_amount >= 0)
     AND (p_ceiling IS NULL OR a.credits_posted - a.debits_posted + p_amount <= p_ceiling)
     AND abs(a.credits_posted - a.debits_posted + p_amount) <= 100000000000000
  RETURNING a.credits_posted - a.debits_posted AS balance, a.version, a.last_hash INTO v_account;
  IF NOT FOUND THEN
    -- Which condition refused it, named for the caller: the range, the ceiling, or the floor.
    SELECT a.credits_posted - a.debits_posted + p_amount INTO v_after
      FROM ledger_accounts a WHERE a.id = p_account;
    IF abs(v_after) > 100000000000000 THEN
      RAISE EXCEPTION 'a balance would pass the ledger''s limit' USING ERRCODE = 'KL008', DETAIL = p_account::text;
    ELSIF p_ceiling IS NOT NULL AND v_after > p_ceiling THEN
      RAISE EXCEPTION 'the account would hold more than its ceiling' USING ERRCODE = 'KL007', DETAIL = p_account::text;
    END IF;
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'KL001', DETAIL = p_account::text;
  END IF;
  INSERT INTO ledger_postings (event_seq, account_id, amount, balance_after, version_after, hash)
  VALUES (p_seq, p_account, p_amount, v_account.balance, v_account.version, v_account.last_hash);
END $$;
`);
    await db.query(`
CREATE OR REPLACE VIEW ledger_balances_view AS
  SELECT a.id AS account_id, a.owner_id, a.kind, a.code,
         a.credits_posted - a.debits_posted AS posted,
         a.debits_pending AS pending,
         a.credits_posted - a.debits_posted - a.debits_pending AS available,
         a.overdraft_limit,
         a.balance_version
    FROM ledger_accounts a;
`);
    await db.query(`
DROP FUNCTION ledger_append_projected(jsonb)
`);
    await db.query(`
CREATE FUNCTION ledger_append_projected(p jsonb)
  RETURNS TABLE (appended_seq bigint, appended_id uuid, was_replayed boolean,
                 projected boolean, projection_error text, records jsonb, balances jsonb,
                 balance_figures jsonb)
  LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_owners  uuid[];
  v_records text[];
BEGIN
  SELECT a.seq, a.id, a.replayed INTO appended_seq, appended_id, was_replayed FROM ledger_append(p) a;
  projected := false;
  IF was_replayed THEN
    RETURN NEXT;
    RETURN;
  END IF;
  BEGIN
    SELECT array_agg(DISTINCT c.user_id) FILTER (WHERE c.change = 'balance'),
           array_agg(DISTINCT c.record_id) FILTER (WHERE c.change = 'record')
      INTO v_owners, v_records
      FROM read_model_project(appended_seq) c;
    -- read_model_apply names every party's row of each record it touched: all of them.
    SELECT jsonb_agg(to_jsonb(r)) INTO records
      FROM (SELECT r.record_id, r.user_id, r.type, r.status, r.direction, r.amount, r.fee, r.details,
                   r.remitter_mobile, r.external_ref, r.message, r.opened_seq, r.balance_after,
                   r.created_at, r.updated_at
              FROM transaction_records r WHERE r.record_id = ANY (v_records)) r;
    SELECT jsonb_object_agg(o.owner_id, o.available) INTO balances
      FROM (SELECT b.owner_id, jsonb_object_agg(b.kind, b.available) AS available
              FROM ledger_balances_view b WHERE b.owner_id = ANY (v_owners)
             GROUP BY b.owner_id) o;
    SELECT jsonb_object_agg(f.owner_id, jsonb_build_object('version', f.version, 'overdraftLimit', f.overdraft_limit))
      INTO balance_figures
      FROM (SELECT b.owner_id, sum(b.balance_version) AS version,
                   coalesce(max(b.overdraft_limit) FILTER (WHERE b.kind = 'wallet'), 0) AS overdraft_limit
              FROM ledger_balances_view b WHERE b.owner_id = ANY (v_owners)
             GROUP BY b.owner_id) f;
    projected := true;
  EXCEPTION WHEN OTHERS THEN
    projection_error := SQLSTATE || ' ' || SQLERRM;
  END;
  RETURN NEXT;
END $$;
`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
DROP FUNCTION ledger_append_projected(jsonb)
`);
    await db.query(`
CREATE FUNCTION ledger_append_projected(p jsonb)
  RETURNS TABLE (appended_seq bigint, appended_id uuid, was_replayed boolean,
                 projected boolean, projection_error text, records jsonb, balances jsonb)
  LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_owners  uuid[];
  v_records text[];
BEGIN
  SELECT a.seq, a.id, a.replayed INTO appended_seq, appended_id, was_replayed FROM ledger_append(p) a;
  projected := false;
  IF was_replayed THEN
    RETURN NEXT;
    RETURN;
  END IF;
  BEGIN
    SELECT array_agg(DISTINCT c.user_id) FILTER (WHERE c.change = 'balance'),
           array_agg(DISTINCT c.record_id) FILTER (WHERE c.change = 'record')
      INTO v_owners, v_records
      FROM read_model_project(appended_seq) c;
    -- read_model_apply names every party's row of each record it touched: all of them.
    SELECT jsonb_agg(to_jsonb(r)) INTO records
      FROM (SELECT r.record_id, r.user_id, r.type, r.status, r.direction, r.amount, r.fee, r.details,
                   r.remitter_mobile, r.external_ref, r.message, r.opened_seq, r.balance_after,
                   r.created_at, r.updated_at
              FROM transaction_records r WHERE r.record_id = ANY (v_records)) r;
    SELECT jsonb_object_agg(o.owner_id, o.available) INTO balances
      FROM (SELECT b.owner_id, jsonb_object_agg(b.kind, b.available) AS available
              FROM ledger_balances_view b WHERE b.owner_id = ANY (v_owners)
             GROUP BY b.owner_id) o;
    projected := true;
  EXCEPTION WHEN OTHERS THEN
    projection_error := SQLSTATE || ' ' || SQLERRM;
  END;
  RETURN NEXT;
END $$;
`);
    await db.query(`
CREATE OR REPLACE FUNCTION ledger_apply_limit(p_op jsonb, p_seq bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_limit  bigint;
BEGIN
  IF NOT (p_op->>'overdraftLimit')::numeric BETWEEN 0 AND 100000000000000 THEN
    RAISE EXCEPTION 'an overdraft limit is beyond the ledger''s limit' USING ERRCODE = 'KL008', DETAIL = p_op->>'account';
  END IF;
  v_limit := (p_op->>'overdraftLimit')::bigint;
  UPDATE ledger_accounts a SET overdraft_limit = v_limit
   WHERE a.id = (p_op->>'account')::uuid
     AND a.credits_posted - a.debits_posted - a.debits_pending + v_limit >= 0;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the overdraft limit is below what the account owes' USING ERRCODE = 'KL009', DETAIL = p_op->>'account';
  END IF;
  INSERT INTO ledger_limits (event_seq, account_id, overdraft_limit)
  VALUES (p_seq, (p_op->>'account')::uuid, v_limit);
END $$;
`);
    await db.query(`
CREATE OR REPLACE FUNCTION ledger_apply_hold(p_op jsonb, p_seq bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_hold record;
BEGIN
  IF p_op->>'op' = 'place' THEN
    UPDATE ledger_accounts SET debits_pending = debits_pending + (p_op->>'amount')::bigint
     WHERE id = (p_op->>'account')::uuid
       AND (floor_exempt OR credits_posted - debits_posted - debits_pending + overdraft_limit >= (p_op->>'amount')::bigint);
    IF NOT FOUND THEN
      RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'KL001', DETAIL = p_op->>'account';
    END IF;
    INSERT INTO ledger_holds (id, account_id, amount, status, expires_at, placed_seq)
    VALUES ((p_op->>'hold')::uuid, (p_op->>'account')::uuid, (p_op->>'amount')::bigint, 'pending',
            (p_op->>'expiresAt')::timestamptz, p_seq);
    RETURN;
  END IF;
  UPDATE ledger_holds
     SET status = CASE WHEN p_op->>'op' = 'post' THEN 'posted' ELSE 'voided' END,
         posted_amount = CASE WHEN p_op->>'op' = 'post' THEN (p_op->>'amount')::bigint END,
         closed_seq = p_seq
   WHERE id = (p_op->>'hold')::uuid AND status = 'pending'
     AND (p_op->>'op' = 'void' OR expires_at IS NULL OR expires_at > now())
  RETURNING account_id, amount INTO v_hold;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'hold is not pending' USING ERRCODE = 'KL004', DETAIL = p_op->>'hold';
  END IF;
  IF p_op->>'op' = 'post' AND (p_op->>'amount')::bigint > v_hold.amount THEN
    RAISE EXCEPTION 'posting more than the hold' USING ERRCODE = 'KL006', DETAIL = p_op->>'hold';
  END IF;
  -- Releasing the hold first lets its account's debit pass the ordinary floor check.
  UPDATE ledger_accounts SET debits_pending = debits_pending - v_hold.amount WHERE id = v_hold.account_id;
END $$;
`);
    await db.query(`
CREATE OR REPLACE FUNCTION ledger_post_leg(p_seq bigint, p_account uuid, p_amount bigint, p_ceiling bigint)
  RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_account  record;
  v_after    bigint;
BEGIN
  UPDATE ledger_accounts a
     SET debits_posted = a.debits_posted + greatest(-p_amount, 0),
         credits_posted = a.credits_posted + greatest(p_amount, 0),
         version = a.version + 1,
         last_hash = ledger_posting_hash(a.last_hash, p_seq, a.id, p_amount)
   WHERE a.id = p_account
     AND (p_amount > 0 OR a.floor_exempt
          OR a.credits_posted - a.debits_posted - a.debits_pending + a.overdraft_limit + p_amount >= 0)
     AND (p_ceiling IS NULL OR a.credits_posted - a.debits_posted + p_amount <= p_ceiling)
     AND abs(a.credits_posted - a.debits_posted + p_amount) <= 100000000000000
  RETURNING a.credits_posted - a.debits_posted AS balance, a.version, a.last_hash INTO v_account;
  IF NOT FOUND THEN
    -- Which condition refused it, named for the caller: the range, the ceiling, or the floor.
    SELECT a.credits_posted - a.debits_posted + p_amount INTO v_after
      FROM ledger_accounts a WHERE a.id = p_account;
    IF abs(v_after) > 100000000000000 THEN
      RAISE EXCEPTION 'a balance would pass the ledger''s limit' USING ERRCODE = 'KL008', DETAIL = p_account::text;
    ELSIF p_ceiling IS NOT NULL AND v_after > p_ceiling THEN
      RAISE EXCEPTION 'the account would hold more than its ceiling' USING ERRCODE = 'KL007', DETAIL = p_account::text;
    END IF;
    RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'KL001', DETAIL = p_account::text;
  END IF;
  INSERT INTO ledger_postings (event_seq, account_id, amount, balance_after, version_after, hash)
  VALUES (p_seq, p_account, p_amount, v_account.balance, v_account.version, v_account.last_hash);
END $$;
`);
    await db.query(`
DROP VIEW ledger_balances_view
`);
    await db.query(`
CREATE VIEW ledger_balances_view AS
  SELECT a.id AS account_id, a.owner_id, a.kind, a.code,
         a.credits_posted - a.debits_posted AS posted,
         a.debits_pending AS pending,
         a.credits_posted - a.debits_posted - a.debits_pending AS available,
         a.overdraft_limit
    FROM ledger_accounts a;
`);
    await db.query(`
ALTER TABLE ledger_accounts DROP COLUMN balance_version
`);
  }
}
