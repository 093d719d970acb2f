import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An overdraft limit is set by a ledger event (issue 13): `ledger_append` takes `limits`
 * operations, applied by `ledger_apply_limit` on the locked account before the event's holds
 * and legs, refusing a limit below what the account owes (KL009); each change is a row of the
 * append-only `ledger_limits`, so a replay rebuilds the limit; `ledger_balances_view` shows it.
 * A frozen copy of libs/ledger/sql (02-events.sql, 03-append.sql, 04-views.sql) as it stood
 * when it shipped; `down` restores the functions and view of 1764600000000-ledger-helpers.
 */
export class OverdraftLimits1764800000100 implements MigrationInterface {
  name = 'OverdraftLimits1764800000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(UP);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(DOWN);
  }
}

const UP = `
  CREATE TABLE ledger_limits (
    id               bigserial PRIMARY KEY,
    event_seq        bigint NOT NULL REFERENCES ledger_events (seq),
    account_id       uuid NOT NULL REFERENCES ledger_accounts (id),
    overdraft_limit  bigint NOT NULL CHECK (overdraft_limit >= 0)
  );
  CREATE INDEX ledger_limits_account_idx ON ledger_limits (account_id, id);

  CREATE TRIGGER ledger_limits_append_only BEFORE UPDATE OR DELETE ON ledger_limits
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
  CREATE TRIGGER ledger_limits_no_truncate BEFORE TRUNCATE ON ledger_limits
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();


  CREATE OR REPLACE FUNCTION ledger_lock_accounts(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    v_ids uuid[];
  BEGIN
    SELECT array_agg(DISTINCT id ORDER BY id) INTO v_ids FROM (
      SELECT (leg->>'account')::uuid AS id FROM jsonb_array_elements(p->'legs') leg
      UNION SELECT (op->>'account')::uuid FROM jsonb_array_elements(coalesce(p->'holds', '[]')) op WHERE op ? 'account'
      UNION SELECT (op->>'account')::uuid FROM jsonb_array_elements(coalesce(p->'limits', '[]')) op
      UNION SELECT h.account_id FROM ledger_holds h
             WHERE h.id IN (SELECT (op->>'hold')::uuid FROM jsonb_array_elements(coalesce(p->'holds', '[]')) op)
    ) touched;
    IF cardinality(v_ids) <> (SELECT count(*) FROM (SELECT 1 FROM ledger_accounts WHERE id = ANY (v_ids) ORDER BY id FOR UPDATE) locked) THEN
      RAISE EXCEPTION 'unknown account' USING ERRCODE = 'KL002';
    END IF;
  END $$;

  CREATE FUNCTION ledger_apply_limit(p_op jsonb, p_seq bigint) RETURNS void LANGUAGE plpgsql AS $$
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

  CREATE OR REPLACE FUNCTION ledger_append(p jsonb) RETURNS TABLE (seq bigint, id uuid, replayed boolean) LANGUAGE plpgsql AS $$
  #variable_conflict use_column
  DECLARE
    v_seq     bigint;
    v_replay  record;
    v_op      jsonb;
    v_leg     record;
  BEGIN
    SELECT * INTO v_replay FROM ledger_replay_of(p);
    IF v_replay.seq IS NOT NULL THEN
      -- A repeat of a request that already succeeded: answer it, move nothing.
      RETURN QUERY SELECT v_replay.seq, v_replay.id, true;
      RETURN;
    END IF;
    PERFORM ledger_check_amounts(p);
    PERFORM ledger_check_balanced(p);
    v_seq := ledger_record_event(p);
    PERFORM ledger_lock_accounts(p);
    -- A limit applies before the event's holds and legs, which then meet the new floor.
    FOR v_op IN SELECT * FROM jsonb_array_elements(coalesce(p->'limits', '[]')) LOOP
      PERFORM ledger_apply_limit(v_op, v_seq);
    END LOOP;
    FOR v_op IN SELECT * FROM jsonb_array_elements(coalesce(p->'holds', '[]')) LOOP
      PERFORM ledger_apply_hold(v_op, v_seq);
    END LOOP;
    FOR v_leg IN
      SELECT (leg->>'account')::uuid AS account, (leg->>'amount')::bigint AS amount,
             (leg->>'ceiling')::bigint AS ceiling
        FROM jsonb_array_elements(p->'legs') leg ORDER BY 1
    LOOP
      PERFORM ledger_post_leg(v_seq, v_leg.account, v_leg.amount, v_leg.ceiling);
    END LOOP;
    RETURN QUERY SELECT v_seq, (p->>'id')::uuid, false;
  END $$;

  CREATE OR REPLACE VIEW ledger_balances_view AS
    SELECT a.id AS account_id, a.owner_id, a.kind, a.code,
           a.credits_posted - a.debits_posted AS posted,
           a.debits_pending AS pending,
           a.credits_posted - a.debits_posted - a.debits_pending AS available,
           a.overdraft_limit
      FROM ledger_accounts a;
`;

const DOWN = `
  CREATE OR REPLACE FUNCTION ledger_append(p jsonb) RETURNS TABLE (seq bigint, id uuid, replayed boolean) LANGUAGE plpgsql AS $$
  #variable_conflict use_column
  DECLARE
    v_seq     bigint;
    v_replay  record;
    v_op      jsonb;
    v_leg     record;
  BEGIN
    SELECT * INTO v_replay FROM ledger_replay_of(p);
    IF v_replay.seq IS NOT NULL THEN
      -- A repeat of a request that already succeeded: answer it, move nothing.
      RETURN QUERY SELECT v_replay.seq, v_replay.id, true;
      RETURN;
    END IF;
    PERFORM ledger_check_amounts(p);
    PERFORM ledger_check_balanced(p);
    v_seq := ledger_record_event(p);
    PERFORM ledger_lock_accounts(p);
    FOR v_op IN SELECT * FROM jsonb_array_elements(coalesce(p->'holds', '[]')) LOOP
      PERFORM ledger_apply_hold(v_op, v_seq);
    END LOOP;
    FOR v_leg IN
      SELECT (leg->>'account')::uuid AS account, (leg->>'amount')::bigint AS amount,
             (leg->>'ceiling')::bigint AS ceiling
        FROM jsonb_array_elements(p->'legs') leg ORDER BY 1
    LOOP
      PERFORM ledger_post_leg(v_seq, v_leg.account, v_leg.amount, v_leg.ceiling);
    END LOOP;
    RETURN QUERY SELECT v_seq, (p->>'id')::uuid, false;
  END $$;

  CREATE OR REPLACE FUNCTION ledger_lock_accounts(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    v_ids uuid[];
  BEGIN
    SELECT array_agg(DISTINCT id ORDER BY id) INTO v_ids FROM (
      SELECT (leg->>'account')::uuid AS id FROM jsonb_array_elements(p->'legs') leg
      UNION SELECT (op->>'account')::uuid FROM jsonb_array_elements(coalesce(p->'holds', '[]')) op WHERE op ? 'account'
      UNION SELECT h.account_id FROM ledger_holds h
             WHERE h.id IN (SELECT (op->>'hold')::uuid FROM jsonb_array_elements(coalesce(p->'holds', '[]')) op)
    ) touched;
    IF cardinality(v_ids) <> (SELECT count(*) FROM (SELECT 1 FROM ledger_accounts WHERE id = ANY (v_ids) ORDER BY id FOR UPDATE) locked) THEN
      RAISE EXCEPTION 'unknown account' USING ERRCODE = 'KL002';
    END IF;
  END $$;

  DROP FUNCTION ledger_apply_limit(jsonb, bigint);
  DROP VIEW ledger_balances_view;
  CREATE VIEW ledger_balances_view AS
    SELECT a.id AS account_id, a.owner_id, a.kind, a.code,
           a.credits_posted - a.debits_posted AS posted,
           a.debits_pending AS pending,
           a.credits_posted - a.debits_posted - a.debits_pending AS available
      FROM ledger_accounts a;
  DROP TABLE ledger_limits;
`;
