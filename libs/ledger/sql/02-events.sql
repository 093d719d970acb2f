-- The log: events, the postings they made and the holds they placed. Events and postings are
-- append-only; a hold only moves from pending to posted or voided.

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
-- The ledger report reads every hold of an account, not only the pending ones.
CREATE INDEX ledger_holds_account_idx ON ledger_holds (account_id, placed_seq);
-- The read model's projection finds the holds an event placed or closed (read_model_apply):
-- without these each projected event scanned every hold ever placed (issue 32).
CREATE INDEX ledger_holds_placed_seq_idx ON ledger_holds (placed_seq);
CREATE INDEX ledger_holds_closed_seq_idx ON ledger_holds (closed_seq) WHERE closed_seq IS NOT NULL;

-- Each change of an account's overdraft limit, made by an event (ledger_apply_limit): the
-- account's limit is its latest row here, so a replay of the log rebuilds it. Append-only.
CREATE TABLE ledger_limits (
  id               bigserial PRIMARY KEY,
  event_seq        bigint NOT NULL REFERENCES ledger_events (seq),
  account_id       uuid NOT NULL REFERENCES ledger_accounts (id),
  overdraft_limit  bigint NOT NULL CHECK (overdraft_limit >= 0)
);
CREATE INDEX ledger_limits_account_idx ON ledger_limits (account_id, id);

CREATE TRIGGER ledger_events_append_only BEFORE UPDATE OR DELETE ON ledger_events
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER ledger_events_no_truncate BEFORE TRUNCATE ON ledger_events
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
CREATE TRIGGER ledger_limits_append_only BEFORE UPDATE OR DELETE ON ledger_limits
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER ledger_limits_no_truncate BEFORE TRUNCATE ON ledger_limits
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();

-- The hash of a posting chains the account's previous hash with what the posting says.
CREATE FUNCTION ledger_posting_hash(previous bytea, event_seq bigint, account uuid, amount bigint)
  RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
    SELECT sha256(previous || int8send(event_seq) || uuid_send(account) || int8send(amount))
  $$;
