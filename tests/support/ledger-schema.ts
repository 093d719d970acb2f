import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type pg from 'pg';

/** Where the ledger's live schema is: SQL files applied in name order. */
export const LEDGER_SQL_DIR = resolve(import.meta.dirname, '../../libs/ledger/sql');

/** The ledger's files, in the order they apply. */
export function ledgerSqlFiles(): { name: string; sql: string }[] {
  return readdirSync(LEDGER_SQL_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(resolve(LEDGER_SQL_DIR, name), 'utf8') }));
}

/** Tables the ledger owns: its own (`ledger_*`) and the read model projected from them. */
const OWNED_TABLES = `(c.relname LIKE 'ledger\\_%'
  OR c.relname IN ('read_model_events', 'transaction_records', 'monthly_totals', 'monthly_closing'))`;
const OWNED_FUNCTIONS = `(p.proname LIKE 'ledger\\_%' OR p.proname LIKE 'read\\_model\\_%'
  OR p.proname = 'refuse_change')`;

/**
 * Every ledger-owned object of a database as `kind name` → its definition, as Postgres prints
 * it back: functions (pg_get_functiondef), views, table columns (type, nullability, default),
 * constraints, indexes, triggers, and the system accounts the schema opens.
 */
export async function ledgerSchemaOf(db: pg.Client): Promise<Map<string, string>> {
  const snapshot = new Map<string, string>();
  const collect = async (sql: string) => {
    const { rows } = await db.query<{ key: string; definition: string }>(sql);
    for (const row of rows) snapshot.set(row.key, row.definition);
  };
  await collect(`
    SELECT 'function ' || p.oid::regprocedure AS key, pg_get_functiondef(p.oid) AS definition
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public' AND ${OWNED_FUNCTIONS}`);
  await collect(`
    SELECT 'view ' || c.relname AS key, pg_get_viewdef(c.oid, true) AS definition
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'v' AND ${OWNED_TABLES}`);
  await collect(`
    SELECT 'table ' || c.relname AS key,
           string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
                        || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END
                        || coalesce(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), ''),
                      E'\\n' ORDER BY a.attnum) AS definition
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND ${OWNED_TABLES}
     GROUP BY c.relname`);
  await collect(`
    SELECT 'constraint ' || c.relname || '.' || k.conname AS key, pg_get_constraintdef(k.oid) AS definition
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND ${OWNED_TABLES}`);
  await collect(`
    SELECT 'index ' || i.relname AS key, pg_get_indexdef(i.oid) AS definition
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND ${OWNED_TABLES}`);
  await collect(`
    SELECT 'trigger ' || c.relname || '.' || t.tgname AS key, pg_get_triggerdef(t.oid) AS definition
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND NOT t.tgisinternal AND ${OWNED_TABLES}`);
  await collect(`
    SELECT 'rows system accounts' AS key,
           string_agg(kind || ' ' || code || ' ' || floor_exempt, E'\\n' ORDER BY code) AS definition
      FROM ledger_accounts WHERE code IS NOT NULL`);
  return snapshot;
}

/**
 * Replaces everything the ledger owns in a migrated database with what the SQL files define.
 * `refuse_change()` stays (the audit log's triggers use it too): the first file replaces it.
 */
export async function rebuildLedgerFromFiles(db: pg.Client): Promise<void> {
  const { rows } = await db.query<{ drop: string }>(`
    SELECT 'DROP VIEW IF EXISTS ' || string_agg(quote_ident(c.relname), ', ') || ' CASCADE' AS drop
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'v' AND ${OWNED_TABLES}
    UNION ALL
    SELECT 'DROP TABLE ' || string_agg(quote_ident(c.relname), ', ') || ' CASCADE'
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND ${OWNED_TABLES}
    UNION ALL
    SELECT 'DROP FUNCTION ' || string_agg(p.oid::regprocedure::text, ', ') || ' CASCADE'
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public' AND ${OWNED_FUNCTIONS} AND p.proname <> 'refuse_change'`);
  for (const { drop } of rows) if (drop) await db.query(drop);
  for (const file of ledgerSqlFiles()) {
    try {
      await db.query(file.sql);
    } catch (error) {
      throw new Error(`libs/ledger/sql/${file.name} does not apply: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
}

/**
 * Where two schema snapshots differ, for a test failure a person can read: what only one side
 * has, and for each definition that differs a line diff (- migrations, + sql files).
 * Indentation is not a difference: function bodies are compared line by line, trimmed.
 */
export function schemaDrift(migrated: Map<string, string>, files: Map<string, string>): string {
  const report: string[] = [];
  const keys = [...new Set([...migrated.keys(), ...files.keys()])].sort();
  for (const key of keys) {
    const before = migrated.get(key);
    const after = files.get(key);
    if (before === undefined) report.push(`+ ${key}: only in libs/ledger/sql`);
    else if (after === undefined) report.push(`- ${key}: only in the migrations`);
    else if (normalise(before).join('\n') !== normalise(after).join('\n')) {
      report.push(`~ ${key}:`, ...lineDiff(normalise(before), normalise(after)));
    }
  }
  return report.join('\n');
}

function normalise(definition: string): string[] {
  return definition
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A minimal longest-common-subsequence diff; definitions are short. */
function lineDiff(a: string[], b: string[]): string[] {
  const common: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i]![j] =
        a[i] === b[j]
          ? common[i + 1]![j + 1]! + 1
          : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (j < b.length && (i === a.length || common[i]![j + 1]! >= common[i + 1]![j]!)) {
      out.push(`    + ${b[j++]}`);
    } else {
      out.push(`    - ${a[i++]}`);
    }
  }
  return out;
}
