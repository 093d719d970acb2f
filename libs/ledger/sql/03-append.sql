-- The one write path, ledger_append(jsonb): one round trip, one transaction. It reads as the
-- invariants it keeps, each in a helper of its own (as pgledger does), called in this order:
--   ledger_replay_of             a repeated idempotency key answers the first result (KL005)
--   ledger_check_amounts         no posting beyond the ledger's limit (KL008)
--   ledger_check_balanced        the legs sum to zero (KL003)
--   ledger_record_event          the event, next in its stream; claims the idempotency key
--   ledger_lock_accounts         every account touched, locked in id order (KL002)
--   ledger_apply_limit           set an account's overdraft limit, not below what it owes (KL008, KL009)
--   ledger_apply_hold            place, post or void a hold (KL001, KL004, KL006)
--   ledger_post_leg              one leg, within floor, ceiling and range (KL001, KL007, KL008)
-- The error codes are LedgerErrorCode in libs/ledger/src/constants.ts.

-- The event an earlier request with this actor's idempotency key appended, if any; the same
-- key with another request is refused.
CREATE FUNCTION ledger_replay_of(p jsonb, OUT seq bigint, OUT id uuid) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_existing record;
BEGIN
  IF p->>'idempotencyKey' IS NULL THEN RETURN; END IF;
  SELECT e.seq, e.id, e.request_hash INTO v_existing FROM ledger_events e
   WHERE e.actor_id = (p->>'actorId')::uuid AND e.idempotency_key = p->>'idempotencyKey';
  IF FOUND THEN
    IF v_existing.request_hash IS DISTINCT FROM p->>'requestHash' THEN
      RAISE EXCEPTION 'idempotency key reused with another request' USING ERRCODE = 'KL005';
    END IF;
    seq := v_existing.seq;
    id := v_existing.id;
  END IF;
END $$;

-- No posting moves more than the ledger's limit (100000000000000 paise), checked before any cast.
CREATE FUNCTION ledger_check_amounts(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(p->'legs') leg
              WHERE abs((leg->>'amount')::numeric) > 100000000000000) THEN
    RAISE EXCEPTION 'a posting is beyond the ledger''s limit' USING ERRCODE = 'KL008';
  END IF;
END $$;

CREATE FUNCTION ledger_check_balanced(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum((leg->>'amount')::bigint), 0) FROM jsonb_array_elements(p->'legs') leg) <> 0 THEN
    RAISE EXCEPTION 'postings do not sum to zero' USING ERRCODE = 'KL003';
  END IF;
END $$;

-- Appends the event as the next version of its stream; answers its seq.
CREATE FUNCTION ledger_record_event(p jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_seq             bigint;
  v_stream_version  integer;
BEGIN
  SELECT coalesce(max(e.stream_version), 0) + 1 INTO v_stream_version
    FROM ledger_events e WHERE e.stream = p->>'stream';
  -- Claims the idempotency key: a concurrent twin waits here, then fails on the unique key.
  INSERT INTO ledger_events (id, type, stream, stream_version, data, metadata, actor_id, idempotency_key, request_hash)
  VALUES ((p->>'id')::uuid, p->>'type', p->>'stream', v_stream_version, coalesce(p->'data', '{}'),
          coalesce(p->'metadata', '{}'), (p->>'actorId')::uuid, p->>'idempotencyKey', p->>'requestHash')
  RETURNING ledger_events.seq INTO v_seq;
  RETURN v_seq;
END $$;

-- Every account this event touches, locked in id order: no two appends wait on each other in a cycle.
-- One row at a time in a loop, because "id = ANY (array) ... FOR UPDATE" was planned afresh on
-- every call (a custom plan each time: about a tenth of the append's cost, issue 15); a lookup by
-- one id keeps its cached plan. An account locked already by this transaction (a batch's,
-- ledger_lock_batch_accounts) is found at once.
CREATE FUNCTION ledger_lock_accounts(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
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

-- Sets a (locked) account's overdraft limit: how far below zero its available balance may go.
-- A limit below what the account already owes (posted less pending, when negative) is refused;
-- the change is recorded in ledger_limits, so a replay rebuilds the limit.
CREATE FUNCTION ledger_apply_limit(p_op jsonb, p_seq bigint) RETURNS void LANGUAGE plpgsql AS $$
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

-- Places a hold (pending debit, under the floor) or closes a pending one (post or void).
CREATE FUNCTION ledger_apply_hold(p_op jsonb, p_seq bigint) RETURNS void LANGUAGE plpgsql AS $$
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

-- Posts one leg to its (locked) account and chains the account's hash. Debits need cover
-- (available = credits - debits - pending + overdraft), except on floor-exempt system
-- accounts; a credit with a ceiling may not pass it; no balance passes the ledger's limit.
CREATE FUNCTION ledger_post_leg(p_seq bigint, p_account uuid, p_amount bigint, p_ceiling bigint)
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

CREATE FUNCTION ledger_append(p jsonb) RETURNS TABLE (seq bigint, id uuid, replayed boolean) LANGUAGE plpgsql AS $$
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
