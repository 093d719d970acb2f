import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `ledger_append_projected` (issue 15): append, project and return the records and balances in
 * one database call. A frozen copy of libs/ledger/sql/07-append-projected.sql as it shipped.
 */
export class AppendProjected1765100001000 implements MigrationInterface {
  name = 'AppendProjected1765100001000';

  async up(db: QueryRunner): Promise<void> {
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
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP FUNCTION ledger_append_projected(jsonb)');
  }
}
