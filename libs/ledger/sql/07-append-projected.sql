-- A money movement the API answers in one database call (issue 15): the event is appended
-- (ledger_append, unchanged), projected into the read model in the same transaction
-- (read_model_project: the once-only claim in read_model_events holds as for any projector),
-- and the call returns what the answer and the sockets need, so nothing is read back after
-- commit: the records the event opened or moved, and the balances of the users whose
-- accounts it moved (the shape of ledger_balances_view: available by account kind), with each
-- such user's wallet overdraft limit and balance version (issue 23: the sum of the user's
-- accounts' balance_version, which orders two reads of the user's balances).
--
-- The projection runs in a subtransaction. If it fails (a deadlock with a catch-up batch, a
-- bug), only the projection is rolled back: the event commits unprojected, `projected` is
-- false with the error in `projection_error`, and the API's after-commit projection or the
-- catch-up job projects it later, as it would any event. A replay (same idempotency key)
-- projects nothing and answers `replayed`.
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
