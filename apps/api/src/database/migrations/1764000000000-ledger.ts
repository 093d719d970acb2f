import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger: events, postings, holds, system accounts and the append function. A frozen copy
 * of the SQL it ran when it first shipped (then imported live from libs/ledger's schema.ts):
 * later changes come in later migrations (1764400000000-amount-bounds replaces ledger_append).
 */
export class Ledger1764000000000 implements MigrationInterface {
  name = 'Ledger1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(UP);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(DOWN);
  }
}

const UP = `
  ALTER TABLE ledger_accounts
    ADD COLUMN code text UNIQUE,
    ADD COLUMN floor_exempt boolean NOT NULL DEFAULT false,
    ADD COLUMN last_hash bytea NOT NULL DEFAULT '\\x0000000000000000000000000000000000000000000000000000000000000000';
  ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_owner_or_code
    CHECK (owner_id IS NOT NULL OR code IS NOT NULL);
  
    INSERT INTO ledger_accounts (kind, code, floor_exempt)
    SELECT 'system:funding', 'system:funding/' || shard, true FROM generate_series(0, 15) AS shard;
    INSERT INTO ledger_accounts (kind, code, floor_exempt)
    SELECT 'system:fee_income', 'system:fee_income/' || shard, true FROM generate_series(0, 15) AS shard;
    INSERT INTO ledger_accounts (kind, code, floor_exempt)
    SELECT 'system:payout_clearing', 'system:payout_clearing/' || shard, true FROM generate_series(0, 15) AS shard;
    INSERT INTO ledger_accounts (kind, code, floor_exempt)
    SELECT 'system:bank_settlement', 'system:bank_settlement/' || shard, true FROM generate_series(0, 15) AS shard;
    INSERT INTO ledger_accounts (kind, code, floor_exempt)
    SELECT 'system:pg_clearing', 'system:pg_clearing/' || shard, true FROM generate_series(0, 15) AS shard;

  CREATE TABLE ledger_events (
    seq              bigserial PRIMARY KEY,
    id               uuid NOT NULL UNIQUE,
    type             text NOT NULL,
    stream           text NOT NULL,
    stream_version   integer NOT NULL,
    data             jsonb NOT NULL DEFAULT '{}'::jsonb,
    metadata         jsonb NOT NULL DEFAULT '{}'::jsonb,
    actor_id         uuid,
    idempotency_key  text,
    request_hash     text,
    occurred_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (stream, stream_version),
    UNIQUE (actor_id, idempotency_key)
  );

  CREATE TABLE ledger_postings (
    id             bigserial PRIMARY KEY,
    event_seq      bigint NOT NULL REFERENCES ledger_events (seq),
    account_id     uuid NOT NULL REFERENCES ledger_accounts (id),
    amount         bigint NOT NULL CHECK (amount <> 0),
    currency       char(3) NOT NULL DEFAULT 'INR',
    balance_after  bigint NOT NULL,
    version_after  bigint NOT NULL,
    hash           bytea NOT NULL
  );
  CREATE INDEX ledger_postings_account_idx ON ledger_postings (account_id, id);
  CREATE INDEX ledger_postings_event_idx ON ledger_postings (event_seq);

  CREATE TABLE ledger_holds (
    id             uuid PRIMARY KEY,
    account_id     uuid NOT NULL REFERENCES ledger_accounts (id),
    amount         bigint NOT NULL CHECK (amount > 0),
    status         text NOT NULL CHECK (status IN ('pending', 'posted', 'voided')),
    posted_amount  bigint,
    expires_at     timestamptz,
    placed_seq     bigint NOT NULL REFERENCES ledger_events (seq),
    closed_seq     bigint REFERENCES ledger_events (seq)
  );
  CREATE INDEX ledger_holds_pending_idx ON ledger_holds (account_id) WHERE status = 'pending';

  CREATE TRIGGER ledger_events_append_only BEFORE UPDATE OR DELETE ON ledger_events
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
  CREATE TRIGGER ledger_events_no_truncate BEFORE TRUNCATE ON ledger_events
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
  CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
  CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();

  -- The hash of a posting chains the account's previous hash with what the posting says.
  CREATE FUNCTION ledger_posting_hash(previous bytea, event_seq bigint, account uuid, amount bigint)
    RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
      SELECT sha256(previous || int8send(event_seq) || uuid_send(account) || int8send(amount))
    $$;

  CREATE FUNCTION ledger_append(p jsonb) RETURNS TABLE (seq bigint, id uuid, replayed boolean) LANGUAGE plpgsql AS $$
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

const DOWN = `
  DROP FUNCTION ledger_append(jsonb);
  DROP FUNCTION ledger_posting_hash(bytea, bigint, uuid, bigint);
  DROP TABLE ledger_holds, ledger_postings, ledger_events;
  DELETE FROM ledger_accounts WHERE code IS NOT NULL;
  ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_owner_or_code,
    DROP COLUMN code, DROP COLUMN floor_exempt, DROP COLUMN last_hash;
`;
