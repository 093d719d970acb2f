import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bounds on amounts (docs/decisions.md, "Amount bounds"): `ledger_append` refuses a posting or
 * a balance beyond 10^14 paise either way (KL008), and a credit leg that carries a `ceiling`
 * (a wallet's maximum balance) past it (KL007), under the same row lock as the balance floor.
 * The function below is a frozen copy of what this migration installs; `down` restores the
 * one before it.
 */
export class AmountBounds1764400000000 implements MigrationInterface {
  name = 'AmountBounds1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(LEDGER_APPEND_WITH_BOUNDS);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(LEDGER_APPEND_BEFORE);
  }
}

const LEDGER_APPEND_WITH_BOUNDS = `
  CREATE OR REPLACE FUNCTION ledger_append(p jsonb) RETURNS TABLE (seq bigint, id uuid, replayed boolean) LANGUAGE plpgsql AS $$
  #variable_conflict use_column
  DECLARE
    v_seq       bigint;
    v_existing  record;
    v_op        jsonb;
    v_leg       record;
    v_hold      record;
    v_account   record;
    v_ids       uuid[];
    v_stream_version integer;
    v_after     bigint;
  BEGIN
    -- A repeat of a request that already succeeded: answer it, move nothing.
    IF p->>'idempotencyKey' IS NOT NULL THEN
      SELECT e.seq, e.id, e.request_hash INTO v_existing FROM ledger_events e
       WHERE e.actor_id = (p->>'actorId')::uuid AND e.idempotency_key = p->>'idempotencyKey';
      IF FOUND THEN
        IF v_existing.request_hash IS DISTINCT FROM p->>'requestHash' THEN
          RAISE EXCEPTION 'idempotency key reused with another request' USING ERRCODE = 'KL005';
        END IF;
        RETURN QUERY SELECT v_existing.seq, v_existing.id, true;
        RETURN;
      END IF;
    END IF;

    -- No posting moves more than the ledger's limit (100000000000000 paise), checked before any cast.
    IF EXISTS (SELECT 1 FROM jsonb_array_elements(p->'legs') leg
                WHERE abs((leg->>'amount')::numeric) > 100000000000000) THEN
      RAISE EXCEPTION 'a posting is beyond the ledger''s limit' USING ERRCODE = 'KL008';
    END IF;

    IF (SELECT coalesce(sum((leg->>'amount')::bigint), 0) FROM jsonb_array_elements(p->'legs') leg) <> 0 THEN
      RAISE EXCEPTION 'postings do not sum to zero' USING ERRCODE = 'KL003';
    END IF;

    SELECT coalesce(max(e.stream_version), 0) + 1 INTO v_stream_version
      FROM ledger_events e WHERE e.stream = p->>'stream';
    -- Claims the idempotency key: a concurrent twin waits here, then fails on the unique key.
    INSERT INTO ledger_events (id, type, stream, stream_version, data, metadata, actor_id, idempotency_key, request_hash)
    VALUES ((p->>'id')::uuid, p->>'type', p->>'stream', v_stream_version, coalesce(p->'data', '{}'),
            coalesce(p->'metadata', '{}'), (p->>'actorId')::uuid, p->>'idempotencyKey', p->>'requestHash')
    RETURNING ledger_events.seq INTO v_seq;

    -- Every account this event touches, locked in id order: no two appends wait on each other in a cycle.
    SELECT array_agg(DISTINCT id ORDER BY id) INTO v_ids FROM (
      SELECT (leg->>'account')::uuid AS id FROM jsonb_array_elements(p->'legs') leg
      UNION SELECT (op->>'account')::uuid FROM jsonb_array_elements(coalesce(p->'holds', '[]')) op WHERE op ? 'account'
      UNION SELECT h.account_id FROM ledger_holds h
             WHERE h.id IN (SELECT (op->>'hold')::uuid FROM jsonb_array_elements(coalesce(p->'holds', '[]')) op)
    ) touched;
    IF cardinality(v_ids) <> (SELECT count(*) FROM (SELECT 1 FROM ledger_accounts WHERE id = ANY (v_ids) ORDER BY id FOR UPDATE) locked) THEN
      RAISE EXCEPTION 'unknown account' USING ERRCODE = 'KL002';
    END IF;

    FOR v_op IN SELECT * FROM jsonb_array_elements(coalesce(p->'holds', '[]')) LOOP
      IF v_op->>'op' = 'place' THEN
        UPDATE ledger_accounts SET debits_pending = debits_pending + (v_op->>'amount')::bigint
         WHERE id = (v_op->>'account')::uuid
           AND (floor_exempt OR credits_posted - debits_posted - debits_pending + overdraft_limit >= (v_op->>'amount')::bigint);
        IF NOT FOUND THEN
          RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'KL001', DETAIL = v_op->>'account';
        END IF;
        INSERT INTO ledger_holds (id, account_id, amount, status, expires_at, placed_seq)
        VALUES ((v_op->>'hold')::uuid, (v_op->>'account')::uuid, (v_op->>'amount')::bigint, 'pending',
                (v_op->>'expiresAt')::timestamptz, v_seq);
      ELSE
        UPDATE ledger_holds
           SET status = CASE WHEN v_op->>'op' = 'post' THEN 'posted' ELSE 'voided' END,
               posted_amount = CASE WHEN v_op->>'op' = 'post' THEN (v_op->>'amount')::bigint END,
               closed_seq = v_seq
         WHERE id = (v_op->>'hold')::uuid AND status = 'pending'
           AND (v_op->>'op' = 'void' OR expires_at IS NULL OR expires_at > now())
        RETURNING account_id, amount INTO v_hold;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'hold is not pending' USING ERRCODE = 'KL004', DETAIL = v_op->>'hold';
        END IF;
        IF v_op->>'op' = 'post' AND (v_op->>'amount')::bigint > v_hold.amount THEN
          RAISE EXCEPTION 'posting more than the hold' USING ERRCODE = 'KL006', DETAIL = v_op->>'hold';
        END IF;
        -- Releasing the hold first lets its account's debit below pass the ordinary floor check.
        UPDATE ledger_accounts SET debits_pending = debits_pending - v_hold.amount WHERE id = v_hold.account_id;
      END IF;
    END LOOP;

    FOR v_leg IN
      SELECT (leg->>'account')::uuid AS account, (leg->>'amount')::bigint AS amount,
             (leg->>'ceiling')::bigint AS ceiling
        FROM jsonb_array_elements(p->'legs') leg ORDER BY 1
    LOOP
      -- Debits need cover (available = credits - debits - pending + overdraft), except on
      -- floor-exempt system accounts.
      UPDATE ledger_accounts a
         SET debits_posted = a.debits_posted + greatest(-v_leg.amount, 0),
             credits_posted = a.credits_posted + greatest(v_leg.amount, 0),
             version = a.version + 1,
             last_hash = ledger_posting_hash(a.last_hash, v_seq, a.id, v_leg.amount)
       WHERE a.id = v_leg.account
         AND (v_leg.amount > 0 OR a.floor_exempt
              OR a.credits_posted - a.debits_posted - a.debits_pending + a.overdraft_limit + v_leg.amount >= 0)
         AND (v_leg.ceiling IS NULL OR a.credits_posted - a.debits_posted + v_leg.amount <= v_leg.ceiling)
         AND abs(a.credits_posted - a.debits_posted + v_leg.amount) <= 100000000000000
      RETURNING a.credits_posted - a.debits_posted AS balance, a.version, a.last_hash INTO v_account;
      IF NOT FOUND THEN
        -- Which condition refused it, named for the caller: the range, the ceiling, or the floor.
        SELECT a.credits_posted - a.debits_posted + v_leg.amount INTO v_after
          FROM ledger_accounts a WHERE a.id = v_leg.account;
        IF abs(v_after) > 100000000000000 THEN
          RAISE EXCEPTION 'a balance would pass the ledger''s limit' USING ERRCODE = 'KL008', DETAIL = v_leg.account::text;
        ELSIF v_leg.ceiling IS NOT NULL AND v_after > v_leg.ceiling THEN
          RAISE EXCEPTION 'the account would hold more than its ceiling' USING ERRCODE = 'KL007', DETAIL = v_leg.account::text;
        END IF;
        RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'KL001', DETAIL = v_leg.account::text;
      END IF;
      INSERT INTO ledger_postings (event_seq, account_id, amount, balance_after, version_after, hash)
      VALUES (v_seq, v_leg.account, v_leg.amount, v_account.balance, v_account.version, v_account.last_hash);
    END LOOP;
    RETURN QUERY SELECT v_seq, (p->>'id')::uuid, false;
  END $$;
`;

const LEDGER_APPEND_BEFORE = `
  CREATE OR REPLACE FUNCTION ledger_append(p jsonb) RETURNS TABLE (seq bigint, id uuid, replayed boolean) LANGUAGE plpgsql AS $$
  #variable_conflict use_column
  DECLARE
    v_seq       bigint;
    v_existing  record;
    v_op        jsonb;
    v_leg       record;
    v_hold      record;
    v_account   record;
    v_ids       uuid[];
    v_stream_version integer;
  BEGIN
    -- A repeat of a request that already succeeded: answer it, move nothing.
    IF p->>'idempotencyKey' IS NOT NULL THEN
      SELECT e.seq, e.id, e.request_hash INTO v_existing FROM ledger_events e
       WHERE e.actor_id = (p->>'actorId')::uuid AND e.idempotency_key = p->>'idempotencyKey';
      IF FOUND THEN
        IF v_existing.request_hash IS DISTINCT FROM p->>'requestHash' THEN
          RAISE EXCEPTION 'idempotency key reused with another request' USING ERRCODE = 'KL005';
        END IF;
        RETURN QUERY SELECT v_existing.seq, v_existing.id, true;
        RETURN;
      END IF;
    END IF;

    IF (SELECT coalesce(sum((leg->>'amount')::bigint), 0) FROM jsonb_array_elements(p->'legs') leg) <> 0 THEN
      RAISE EXCEPTION 'postings do not sum to zero' USING ERRCODE = 'KL003';
    END IF;

    SELECT coalesce(max(e.stream_version), 0) + 1 INTO v_stream_version
      FROM ledger_events e WHERE e.stream = p->>'stream';
    -- Claims the idempotency key: a concurrent twin waits here, then fails on the unique key.
    INSERT INTO ledger_events (id, type, stream, stream_version, data, metadata, actor_id, idempotency_key, request_hash)
    VALUES ((p->>'id')::uuid, p->>'type', p->>'stream', v_stream_version, coalesce(p->'data', '{}'),
            coalesce(p->'metadata', '{}'), (p->>'actorId')::uuid, p->>'idempotencyKey', p->>'requestHash')
    RETURNING ledger_events.seq INTO v_seq;

    -- Every account this event touches, locked in id order: no two appends wait on each other in a cycle.
    SELECT array_agg(DISTINCT id ORDER BY id) INTO v_ids FROM (
      SELECT (leg->>'account')::uuid AS id FROM jsonb_array_elements(p->'legs') leg
      UNION SELECT (op->>'account')::uuid FROM jsonb_array_elements(coalesce(p->'holds', '[]')) op WHERE op ? 'account'
      UNION SELECT h.account_id FROM ledger_holds h
             WHERE h.id IN (SELECT (op->>'hold')::uuid FROM jsonb_array_elements(coalesce(p->'holds', '[]')) op)
    ) touched;
    IF cardinality(v_ids) <> (SELECT count(*) FROM (SELECT 1 FROM ledger_accounts WHERE id = ANY (v_ids) ORDER BY id FOR UPDATE) locked) THEN
      RAISE EXCEPTION 'unknown account' USING ERRCODE = 'KL002';
    END IF;

    FOR v_op IN SELECT * FROM jsonb_array_elements(coalesce(p->'holds', '[]')) LOOP
      IF v_op->>'op' = 'place' THEN
        UPDATE ledger_accounts SET debits_pending = debits_pending + (v_op->>'amount')::bigint
         WHERE id = (v_op->>'account')::uuid
           AND (floor_exempt OR credits_posted - debits_posted - debits_pending + overdraft_limit >= (v_op->>'amount')::bigint);
        IF NOT FOUND THEN
          RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'KL001', DETAIL = v_op->>'account';
        END IF;
        INSERT INTO ledger_holds (id, account_id, amount, status, expires_at, placed_seq)
        VALUES ((v_op->>'hold')::uuid, (v_op->>'account')::uuid, (v_op->>'amount')::bigint, 'pending',
                (v_op->>'expiresAt')::timestamptz, v_seq);
      ELSE
        UPDATE ledger_holds
           SET status = CASE WHEN v_op->>'op' = 'post' THEN 'posted' ELSE 'voided' END,
               posted_amount = CASE WHEN v_op->>'op' = 'post' THEN (v_op->>'amount')::bigint END,
               closed_seq = v_seq
         WHERE id = (v_op->>'hold')::uuid AND status = 'pending'
           AND (v_op->>'op' = 'void' OR expires_at IS NULL OR expires_at > now())
        RETURNING account_id, amount INTO v_hold;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'hold is not pending' USING ERRCODE = 'KL004', DETAIL = v_op->>'hold';
        END IF;
        IF v_op->>'op' = 'post' AND (v_op->>'amount')::bigint > v_hold.amount THEN
          RAISE EXCEPTION 'posting more than the hold' USING ERRCODE = 'KL006', DETAIL = v_op->>'hold';
        END IF;
        -- Releasing the hold first lets its account's debit below pass the ordinary floor check.
        UPDATE ledger_accounts SET debits_pending = debits_pending - v_hold.amount WHERE id = v_hold.account_id;
      END IF;
    END LOOP;

    FOR v_leg IN
      SELECT (leg->>'account')::uuid AS account, (leg->>'amount')::bigint AS amount
        FROM jsonb_array_elements(p->'legs') leg ORDER BY 1
    LOOP
      -- Debits need cover (available = credits - debits - pending + overdraft), except on
      -- floor-exempt system accounts.
      UPDATE ledger_accounts a
         SET debits_posted = a.debits_posted + greatest(-v_leg.amount, 0),
             credits_posted = a.credits_posted + greatest(v_leg.amount, 0),
             version = a.version + 1,
             last_hash = ledger_posting_hash(a.last_hash, v_seq, a.id, v_leg.amount)
       WHERE a.id = v_leg.account
         AND (v_leg.amount > 0 OR a.floor_exempt
              OR a.credits_posted - a.debits_posted - a.debits_pending + a.overdraft_limit + v_leg.amount >= 0)
      RETURNING a.credits_posted - a.debits_posted AS balance, a.version, a.last_hash INTO v_account;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'KL001', DETAIL = v_leg.account::text;
      END IF;
      INSERT INTO ledger_postings (event_seq, account_id, amount, balance_after, version_after, hash)
      VALUES (v_seq, v_leg.account, v_leg.amount, v_account.balance, v_account.version, v_account.last_hash);
    END LOOP;
    RETURN QUERY SELECT v_seq, (p->>'id')::uuid, false;
  END $$;
`;
