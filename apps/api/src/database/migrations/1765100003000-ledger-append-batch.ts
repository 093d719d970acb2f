import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 15, group commit. A frozen copy of libs/ledger/sql/03-append.sql's parts as they stood
 * when they shipped:
 * - `ledger_append_batch(jsonb)` appends many events in one transaction and one round trip, the
 *   batch's accounts locked first in one id order (`ledger_lock_batch_accounts`), each event
 *   through `ledger_append` under its own savepoint, so a refused event fails alone;
 * - `ledger_lock_accounts` locks one row at a time by id, in the same order, instead of one
 *   `id = ANY (array)` query that Postgres planned afresh on every append.
 */
export class LedgerAppendBatch1765100003000 implements MigrationInterface {
  name = 'LedgerAppendBatch1765100003000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(LOCK_ACCOUNTS);
    await db.query(APPEND_BATCH);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP FUNCTION ledger_append_batch(jsonb)');
    await db.query('DROP FUNCTION ledger_lock_batch_accounts(jsonb)');
    await db.query(LOCK_ACCOUNTS_BEFORE);
  }
}

const LOCK_ACCOUNTS = `
-- Every account this event touches, locked in id order: no two appends wait on each other in a cycle.
-- One row at a time in a loop, because "id = ANY (array) ... FOR UPDATE" was planned afresh on
-- every call (a custom plan each time: about a tenth of the append's cost, issue 15); a lookup by
-- one id keeps its cached plan. An account locked already by this transaction (a batch's,
-- ledger_lock_batch_accounts) is found at once.
CREATE OR REPLACE FUNCTION ledger_lock_accounts(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_ids  uuid[];
  v_id   uuid;
BEGIN
  SELECT array_agg(DISTINCT id ORDER BY id) INTO v_ids FROM (
    SELECT (leg->>'account')::uuid AS id FROM jsonb_array_elements(p->'legs') leg
    UNION SELECT (op->>'account')::uuid FROM jsonb_array_elements(coalesce(p->'holds', '[]')) op WHERE op ? 'account'
    UNION SELECT (op->>'account')::uuid FROM jsonb_array_elements(coalesce(p->'limits', '[]')) op
    UNION SELECT h.account_id FROM ledger_holds h
           WHERE h.id IN (SELECT (op->>'hold')::uuid FROM jsonb_array_elements(coalesce(p->'holds', '[]')) op)
  ) touched;
  FOREACH v_id IN ARRAY coalesce(v_ids, '{}') LOOP
    PERFORM 1 FROM ledger_accounts WHERE id = v_id FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'unknown account' USING ERRCODE = 'KL002';
    END IF;
  END LOOP;
END $$;
`;

const APPEND_BATCH = `
-- Group commit (issue 15): many events in one transaction and one round trip,
-- ledger_append_batch(jsonb array of ledger_append's payloads). Every account the batch touches
-- is locked first, in one id order across the whole batch (ledger_lock_batch_accounts), so a
-- batch waits on other batches and on single appends only in that order, never in a cycle. Then
-- each event goes through ledger_append itself under its own savepoint (a BEGIN ... EXCEPTION
-- block): a refused event rolls back alone and is answered with its own error, while its
-- neighbours commit. The answer has one row per event, in the batch's order (ord from 1).

-- The accounts of a whole batch, locked in id order; the same sets ledger_lock_accounts takes
-- per event. Ids not in the canonical uuid form are left to the event's own lock, which refuses
-- them (KL002) or fails that event alone, instead of failing the batch on a cast.
CREATE FUNCTION ledger_lock_batch_accounts(p_events jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM ledger_accounts WHERE id IN (
    SELECT ref::uuid FROM (
      SELECT leg->>'account' AS ref
        FROM jsonb_array_elements(p_events) ev, jsonb_array_elements(ev->'legs') leg
      UNION SELECT op->>'account'
        FROM jsonb_array_elements(p_events) ev, jsonb_array_elements(coalesce(ev->'holds', '[]')) op
      UNION SELECT op->>'account'
        FROM jsonb_array_elements(p_events) ev, jsonb_array_elements(coalesce(ev->'limits', '[]')) op
    ) refs WHERE ref ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    UNION
    SELECT h.account_id FROM ledger_holds h WHERE h.id IN (
      SELECT ref::uuid FROM (
        SELECT op->>'hold' AS ref
          FROM jsonb_array_elements(p_events) ev, jsonb_array_elements(coalesce(ev->'holds', '[]')) op
      ) refs WHERE ref ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
  ) ORDER BY id FOR UPDATE;
END $$;

CREATE FUNCTION ledger_append_batch(p_events jsonb)
  RETURNS TABLE (ord integer, seq bigint, id uuid, replayed boolean,
                 error_code text, error_message text, error_detail text)
  LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_event     jsonb;
  v_ord       integer;
  v_appended  record;
  v_code      text;
  v_message   text;
  v_detail    text;
BEGIN
  PERFORM ledger_lock_batch_accounts(p_events);
  FOR v_event, v_ord IN SELECT e, n::integer FROM jsonb_array_elements(p_events) WITH ORDINALITY AS t (e, n) ORDER BY n LOOP
    BEGIN
      SELECT a.seq, a.id, a.replayed INTO v_appended FROM ledger_append(v_event) a;
      v_code := NULL;
    EXCEPTION WHEN OTHERS THEN
      -- This event's savepoint is rolled back; the batch's locks and earlier events stay.
      GET STACKED DIAGNOSTICS v_code = RETURNED_SQLSTATE, v_message = MESSAGE_TEXT,
                              v_detail = PG_EXCEPTION_DETAIL;
    END;
    IF v_code IS NULL THEN
      RETURN QUERY SELECT v_ord, v_appended.seq, v_appended.id, v_appended.replayed,
                          NULL::text, NULL::text, NULL::text;
    ELSE
      RETURN QUERY SELECT v_ord, NULL::bigint, NULL::uuid, NULL::boolean,
                          v_code, v_message, nullif(v_detail, '');
    END IF;
  END LOOP;
END $$;
`;

/** ledger_lock_accounts as 1764600000000-ledger-helpers left it. */
const LOCK_ACCOUNTS_BEFORE = `
-- Every account this event touches, locked in id order: no two appends wait on each other in a cycle.
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
`;
