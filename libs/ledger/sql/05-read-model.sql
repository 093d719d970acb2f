-- The read model: what reports read instead of the log. Every table here is a projection of
-- ledger_events and ledger_postings alone, kept by read_model_project(seq), which the application
-- calls after an append commits and ledger:rebuild replays from seq 1 (libs/ledger/src/rebuild.ts).
-- Projection is exactly once per event (read_model_events claims it) and in stream order.
--  - transaction_records: one row per business transaction and party (a transfer has two),
--    opened by an event's data.record facts (records.ts), moved on by later events of the stream;
--  - monthly_totals: per account, month (India time) and event type: credits, debits, count;
--  - monthly_closing: per account and month: the posted balance after its last posting.

CREATE TABLE read_model_events (seq bigint PRIMARY KEY);

CREATE TABLE transaction_records (
  record_id        text NOT NULL,
  user_id          uuid NOT NULL,
  stream           text NOT NULL,
  type             text NOT NULL,
  status           text NOT NULL,
  direction        text NOT NULL CHECK (direction IN ('debit', 'credit')),
  account_id       uuid NOT NULL,
  amount           bigint NOT NULL,
  fee              bigint NOT NULL,
  details          jsonb NOT NULL,
  remitter_mobile  text,
  external_ref     text,
  message          text,
  opened_seq       bigint NOT NULL,
  balance_after    bigint,
  stream_version   integer NOT NULL,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  PRIMARY KEY (record_id, user_id)
);
CREATE INDEX transaction_records_user_idx ON transaction_records (user_id, opened_seq DESC);
-- The transaction report engine (issue 14): by India's days for everyone or a set of users,
-- and one row by its UTR (the payment tracker's search too).
CREATE INDEX transaction_records_time_idx ON transaction_records (created_at DESC, opened_seq DESC);
CREATE INDEX transaction_records_user_time_idx ON transaction_records (user_id, created_at DESC);
CREATE INDEX transaction_records_ref_idx ON transaction_records (external_ref) WHERE external_ref IS NOT NULL;
-- The payment tracker (issue 14) finds a payment by its order id (opened_seq).
CREATE INDEX transaction_records_opened_seq_idx ON transaction_records (opened_seq);

CREATE TABLE monthly_totals (
  account_id  uuid NOT NULL,
  month       date NOT NULL,
  event_type  text NOT NULL,
  credits     bigint NOT NULL,
  debits      bigint NOT NULL,
  postings    integer NOT NULL,
  PRIMARY KEY (account_id, month, event_type)
);

CREATE TABLE monthly_closing (
  account_id       uuid NOT NULL,
  month            date NOT NULL,
  closing_balance  bigint NOT NULL,
  last_posting_id  bigint NOT NULL,
  PRIMARY KEY (account_id, month)
);

-- Projects one event, once. Answers what changed: ('record', user, record id) for each
-- transaction record it opened or moved, ('balance', user, null) for each user whose
-- account it moved or held. A party's details are the shared ones with its own laid over them.
CREATE FUNCTION read_model_apply(p_seq bigint)
  RETURNS TABLE (change text, user_id uuid, record_id text) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_event   record;
  v_facts   jsonb;
  v_record  text;
  v_month   date;
BEGIN
  -- Claims the event: a concurrent projector of the same seq waits here, then skips it.
  INSERT INTO read_model_events (seq) VALUES (p_seq) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT e.seq, e.type, e.stream, e.stream_version, e.data, e.occurred_at INTO v_event
    FROM ledger_events e WHERE e.seq = p_seq;
  v_month := date_trunc('month', v_event.occurred_at AT TIME ZONE 'Asia/Kolkata')::date;

  INSERT INTO monthly_totals AS t (account_id, month, event_type, credits, debits, postings)
  SELECT p.account_id, v_month, v_event.type, sum(greatest(p.amount, 0)), sum(greatest(-p.amount, 0)), count(*)
    FROM ledger_postings p WHERE p.event_seq = p_seq GROUP BY p.account_id ORDER BY p.account_id
  ON CONFLICT (account_id, month, event_type) DO UPDATE
    SET credits = t.credits + excluded.credits, debits = t.debits + excluded.debits,
        postings = t.postings + excluded.postings;

  INSERT INTO monthly_closing AS c (account_id, month, closing_balance, last_posting_id)
  SELECT DISTINCT ON (p.account_id) p.account_id, v_month, p.balance_after, p.id
    FROM ledger_postings p WHERE p.event_seq = p_seq ORDER BY p.account_id, p.id DESC
  ON CONFLICT (account_id, month) DO UPDATE
    SET closing_balance = excluded.closing_balance, last_posting_id = excluded.last_posting_id
    WHERE c.last_posting_id < excluded.last_posting_id;

  RETURN QUERY
    SELECT DISTINCT 'balance', a.owner_id, NULL::text FROM ledger_accounts a
     WHERE a.owner_id IS NOT NULL AND a.id IN (
       SELECT p.account_id FROM ledger_postings p WHERE p.event_seq = p_seq
       UNION SELECT h.account_id FROM ledger_holds h WHERE h.placed_seq = p_seq OR h.closed_seq = p_seq);

  v_facts := v_event.data->'record';
  IF v_facts IS NULL THEN RETURN; END IF;
  v_record := substr(v_event.stream, strpos(v_event.stream, ':') + 1);

  IF v_facts->>'kind' = 'open' THEN
    INSERT INTO transaction_records (record_id, user_id, stream, type, status, direction, account_id,
                                     amount, fee, details, remitter_mobile, external_ref, message,
                                     opened_seq, balance_after, stream_version, created_at, updated_at)
    SELECT v_record, party."userId", v_event.stream, v_facts->>'type', v_facts->>'status', party.direction,
           party."accountId", party.amount, coalesce(party.fee, 0),
           coalesce(v_facts->'details', '{}') || coalesce(party.details, '{}'),
           v_facts->>'remitterMobile', v_facts->>'externalRef', NULL, p_seq,
           (SELECT p.balance_after FROM ledger_postings p
             WHERE p.event_seq = p_seq AND p.account_id = party."accountId" ORDER BY p.id DESC LIMIT 1),
           v_event.stream_version, v_event.occurred_at, v_event.occurred_at
      FROM jsonb_to_recordset(v_facts->'parties')
           AS party ("userId" uuid, "accountId" uuid, direction text, amount bigint, fee bigint,
                     details jsonb)
    ON CONFLICT DO NOTHING;
  ELSE
    UPDATE transaction_records r
       SET status = v_facts->>'status',
           external_ref = coalesce(v_facts->>'externalRef', r.external_ref),
           message = coalesce(v_facts->>'message', r.message),
           balance_after = coalesce(
             (SELECT p.balance_after FROM ledger_postings p
               WHERE p.event_seq = p_seq AND p.account_id = r.account_id ORDER BY p.id DESC LIMIT 1),
             r.balance_after),
           stream_version = v_event.stream_version,
           updated_at = v_event.occurred_at
     WHERE r.record_id = v_record AND r.stream_version < v_event.stream_version;
  END IF;
  RETURN QUERY SELECT 'record', r.user_id, r.record_id FROM transaction_records r WHERE r.record_id = v_record;
END $$;

-- Projects an event and, first, any earlier event of its stream not projected yet.
CREATE FUNCTION read_model_project(p_seq bigint)
  RETURNS TABLE (change text, user_id uuid, record_id text) LANGUAGE plpgsql AS $$
DECLARE
  v_seq bigint;
BEGIN
  FOR v_seq IN
    SELECT e.seq FROM ledger_events e
      JOIN ledger_events target ON target.seq = p_seq
     WHERE e.stream = target.stream AND e.stream_version <= target.stream_version
       AND NOT EXISTS (SELECT 1 FROM read_model_events m WHERE m.seq = e.seq)
     ORDER BY e.stream_version
  LOOP
    RETURN QUERY SELECT * FROM read_model_apply(v_seq);
  END LOOP;
END $$;
