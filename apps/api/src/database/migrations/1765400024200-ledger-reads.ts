import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger's read side (issue 24): the functions through which the application reads the
 * log (balances to join, the head, "was this ever processed", record facts, commission lines).
 * A frozen copy of libs/ledger/sql/08-reads.sql as it shipped.
 */
export class LedgerReads1765400024200 implements MigrationInterface {
  name = 'LedgerReads1765400024200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
-- The ledger's read side (issue 24): what the application asks of the log, answered by the
-- ledger, so no SQL outside libs/ledger names a ledger view or parses an event's JSON
-- (\`data->'record'\`, \`data->'split'\`). An ESLint rule (eslint/ledger-reads.mjs) holds the line.
-- The set-returning ones are plain SQL and STABLE, so Postgres inlines them into the caller's
-- query: a join or filter on them plans as it did on the view they read.

-- What each account holds, as ledger_balances_view says: for a query that joins balances to
-- rows of its own (a user list sorted by wallet balance).
CREATE FUNCTION ledger_balances()
  RETURNS TABLE (account_id uuid, owner_id uuid, kind text, code text, posted bigint,
                 pending bigint, available bigint, overdraft_limit bigint, balance_version bigint)
  LANGUAGE sql STABLE AS $$
  SELECT b.account_id, b.owner_id, b.kind, b.code, b.posted, b.pending, b.available,
         b.overdraft_limit, b.balance_version
    FROM ledger_balances_view b
$$;

-- The seq of the latest event, 0 before any.
CREATE FUNCTION ledger_head() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(max(e.seq), 0) FROM ledger_events_view e
$$;

-- Whether a stream ever had an event of a type: "was this payout ever processed".
CREATE FUNCTION ledger_stream_has(p_stream text, p_type text) RETURNS boolean
  LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM ledger_events_view e WHERE e.stream = p_stream AND e.type = p_type)
$$;

-- Events after a seq, with when they happened: what the read model's catch-up and lag read.
CREATE FUNCTION ledger_events_after(p_seq bigint)
  RETURNS TABLE (seq bigint, occurred_at timestamptz)
  LANGUAGE sql STABLE AS $$
  SELECT e.seq, e.occurred_at FROM ledger_events_view e WHERE e.seq > p_seq
$$;

-- Every event of a stream in order, with its record facts (\`data.record\`, records.ts) and,
-- for a payout sent to the bank, when it was sent.
CREATE FUNCTION ledger_stream_facts(p_stream text)
  RETURNS TABLE (type text, occurred_at timestamptz, facts jsonb, sent_at text)
  LANGUAGE sql STABLE AS $$
  SELECT e.type, e.occurred_at, e.data->'record', e.data->>'sentAt'
    FROM ledger_events_view e WHERE e.stream = p_stream ORDER BY e.stream_version
$$;

-- An event's stream, record facts and time, with the balance after each posting it made.
CREATE FUNCTION ledger_event_facts(p_seq bigint)
  RETURNS TABLE (stream text, facts jsonb, occurred_at timestamptz, balances jsonb)
  LANGUAGE sql STABLE AS $$
  SELECT e.stream, e.data->'record', e.occurred_at,
         (SELECT jsonb_object_agg(p.account_id, p.balance_after) FROM ledger_postings_view p
           WHERE p.event_seq = e.seq)
    FROM ledger_events_view e WHERE e.seq = p_seq
$$;

-- An account's posted balance after its last posting by an event before \`p_at\`; NULL before any.
CREATE FUNCTION ledger_balance_before(p_account uuid, p_at timestamptz) RETURNS bigint
  LANGUAGE sql STABLE AS $$
  SELECT p.balance_after FROM ledger_postings_view p JOIN ledger_events_view e ON e.seq = p.event_seq
   WHERE p.account_id = p_account AND e.occurred_at < p_at
   ORDER BY p.id DESC LIMIT 1
$$;

-- The commission lines of the events in [p_from, p_to) (issue 13: each upline's gross, TDS and
-- net of a payment, from the event's split), a bank return counting -1.
CREATE FUNCTION ledger_commission_lines(p_from timestamptz, p_to timestamptz)
  RETURNS TABLE (occurred_at timestamptz, sign int, user_id uuid, gross bigint, tds bigint, net bigint)
  LANGUAGE sql STABLE AS $$
  SELECT e.occurred_at, CASE WHEN e.type LIKE '%.returned' THEN -1 ELSE 1 END,
         (line->>'userId')::uuid, (line->>'gross')::bigint, (line->>'tds')::bigint,
         (line->>'net')::bigint
    FROM ledger_events_view e, jsonb_array_elements(e.data->'split'->'commissions') AS line
   WHERE e.data ? 'split' AND e.occurred_at >= p_from AND e.occurred_at < p_to
$$;

-- The first event of each of these streams (a compensation, issue 14: \`compensation:<payout>\`),
-- with the payout it was paid for and the amount it paid.
CREATE FUNCTION ledger_compensations(p_streams text[])
  RETURNS TABLE (payout_id text, seq bigint, amount bigint, occurred_at timestamptz, actor_id uuid)
  LANGUAGE sql STABLE AS $$
  SELECT e.data->>'payoutId', e.seq, (e.data->>'amount')::bigint, e.occurred_at, e.actor_id
    FROM ledger_events_view e WHERE e.stream = ANY (p_streams) AND e.stream_version = 1
$$;

-- Each account's chain head (ledger_chain_heads_view): the Database screen's list.
CREATE FUNCTION ledger_chain_heads()
  RETURNS TABLE (account_id uuid, owner_id uuid, kind text, code text, postings bigint,
                 last_posting_id bigint, last_hash bytea)
  LANGUAGE sql STABLE AS $$
  SELECT h.account_id, h.owner_id, h.kind, h.code, h.postings, h.last_posting_id, h.last_hash
    FROM ledger_chain_heads_view h
$$;

-- The ledger's checks over the events of [p_from, p_to): the month's reconciliation asks them
-- of a month, \`verifyLedger\` of the whole log ('-infinity' to 'infinity').

-- Events whose postings do not sum to zero.
CREATE FUNCTION ledger_unbalanced_events(p_from timestamptz, p_to timestamptz)
  RETURNS TABLE (seq bigint, type text, stream text, sum numeric)
  LANGUAGE sql STABLE AS $$
  SELECT e.seq, e.type, e.stream, sum(p.amount)
    FROM ledger_events_view e JOIN ledger_postings_view p ON p.event_seq = e.seq
   WHERE e.occurred_at >= p_from AND e.occurred_at < p_to
   GROUP BY e.seq, e.type, e.stream HAVING sum(p.amount) <> 0
$$;

-- Postings whose balance after is not the account's balance before plus the amount: a break
-- in the chain of balances, by the posting's id.
CREATE FUNCTION ledger_broken_chains(p_from timestamptz, p_to timestamptz)
  RETURNS TABLE (posting_id bigint, seq bigint, type text, stream text, account_id uuid,
                 kind text, amount bigint, before bigint, after bigint)
  LANGUAGE sql STABLE AS $$
  SELECT p.id, e.seq, e.type, e.stream, p.account_id, a.kind, p.amount,
         prev.balance_after, p.balance_after
    FROM ledger_events_view e JOIN ledger_postings_view p ON p.event_seq = e.seq
    JOIN ledger_balances_view a ON a.account_id = p.account_id
    LEFT JOIN LATERAL (
      SELECT q.balance_after FROM ledger_postings_view q
       WHERE q.account_id = p.account_id AND q.id < p.id ORDER BY q.id DESC LIMIT 1) prev ON true
   WHERE e.occurred_at >= p_from AND e.occurred_at < p_to
     AND p.balance_after <> coalesce(prev.balance_after, 0) + p.amount
$$;

-- Per event, what its recorded commission split (issue 13, \`data.split\`) says went to TDS
-- payable, GST payable, fee income and the commission accounts, and what its postings did move
-- to TDS payable, GST payable and the commission accounts; a bank return (\`*.returned\`)
-- undoes its split, so its split counts negative.
CREATE FUNCTION ledger_event_splits(p_from timestamptz, p_to timestamptz)
  RETURNS TABLE (seq bigint, type text, stream text, split_tds bigint, split_gst bigint,
                 split_fee bigint, split_commissions bigint, tds bigint, gst bigint,
                 commissions bigint)
  LANGUAGE sql STABLE AS $$
  SELECT e.seq, e.type, e.stream,
         s.sign * coalesce((e.data->'split'->>'tds')::bigint, 0),
         s.sign * coalesce((e.data->'split'->>'gst')::bigint, 0),
         s.sign * coalesce((e.data->'split'->>'fee')::bigint, 0),
         s.sign * coalesce((SELECT sum((l->>'net')::bigint)
                              FROM jsonb_array_elements(e.data->'split'->'commissions') l), 0)::bigint,
         m.tds, m.gst, m.commissions
    FROM ledger_events_view e
   CROSS JOIN LATERAL (SELECT CASE WHEN e.type LIKE '%.returned' THEN -1 ELSE 1 END AS sign) s
   CROSS JOIN LATERAL (
     SELECT coalesce(sum(p.amount) FILTER (WHERE a.kind = 'system:tds_payable'), 0)::bigint AS tds,
            coalesce(sum(p.amount) FILTER (WHERE a.kind = 'system:gst_payable'), 0)::bigint AS gst,
            coalesce(sum(p.amount) FILTER (WHERE a.kind = 'commission'), 0)::bigint AS commissions
       FROM ledger_postings_view p JOIN ledger_balances_view a ON a.account_id = p.account_id
      WHERE p.event_seq = e.seq) m
   WHERE e.occurred_at >= p_from AND e.occurred_at < p_to
$$;
`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
DROP FUNCTION ledger_event_splits(timestamptz, timestamptz);
DROP FUNCTION ledger_broken_chains(timestamptz, timestamptz);
DROP FUNCTION ledger_unbalanced_events(timestamptz, timestamptz);
DROP FUNCTION ledger_chain_heads();
DROP FUNCTION ledger_compensations(text[]);
DROP FUNCTION ledger_commission_lines(timestamptz, timestamptz);
DROP FUNCTION ledger_balance_before(uuid, timestamptz);
DROP FUNCTION ledger_event_facts(bigint);
DROP FUNCTION ledger_stream_facts(text);
DROP FUNCTION ledger_events_after(bigint);
DROP FUNCTION ledger_stream_has(text, text);
DROP FUNCTION ledger_head();
DROP FUNCTION ledger_balances();
`);
  }
}
