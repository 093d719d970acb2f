import { parse } from 'csv-parse/sync';
import {
  BANK_STATEMENT_MAX_LINES,
  type Check,
  fail,
  FundRequestMessages,
  normalizeReference,
  parseRupees,
  pass,
} from '@khata/domain';
import type { NewStatementLine } from './fund-requests.repository.js';

/**
 * A company bank account's statement as CSV (docs/api.md, "Bank statement CSV"; a sample is
 * docs/samples/bank-statement.csv). A header line names the columns, in any order and case:
 * - `date` (also `txn date`, `value date`): `YYYY-MM-DD` or `DD-MM-YYYY` / `DD/MM/YYYY`;
 * - `utr` (also `reference`, `ref no`, `utr no`): letters and digits;
 * - `amount` (also `credit`, `deposit`): rupees with at most 2 decimals; a `debit` column may
 *   sit beside it and its lines (no credit) are skipped;
 * - `description` (also `narration`, `particulars`): optional text.
 * Blank lines are skipped; any other line that cannot be read is refused with its number.
 */
const ALIASES: Record<string, 'date' | 'utr' | 'amount' | 'description' | 'debit'> = {
  date: 'date',
  'txn date': 'date',
  'transaction date': 'date',
  'value date': 'date',
  utr: 'utr',
  'utr no': 'utr',
  'utr number': 'utr',
  reference: 'utr',
  'ref no': 'utr',
  'reference no': 'utr',
  amount: 'amount',
  credit: 'amount',
  'credit amount': 'amount',
  deposit: 'amount',
  description: 'description',
  narration: 'description',
  particulars: 'description',
  remarks: 'description',
  debit: 'debit',
  withdrawal: 'debit',
};

export function parseStatement(csv: Buffer): Check<NewStatementLine[]> {
  let records: string[][];
  try {
    records = parse(csv, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      trim: true,
      to_line: BANK_STATEMENT_MAX_LINES + 2,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return fail(FundRequestMessages.statementUnreadable(line, 'it is not well-formed CSV.'));
  }
  const header = records[0];
  if (!header) return fail(FundRequestMessages.statementEmpty);
  const columns = header.map((name) => ALIASES[name.toLowerCase().replace(/[._]/g, ' ').trim()]);
  const at = (kind: string) => columns.indexOf(kind as never);
  const [dateAt, utrAt, amountAt, descriptionAt, debitAt] = [
    at('date'),
    at('utr'),
    at('amount'),
    at('description'),
    at('debit'),
  ];
  if (dateAt < 0 || utrAt < 0 || amountAt < 0) return fail(FundRequestMessages.statementColumns);
  if (records.length - 1 > BANK_STATEMENT_MAX_LINES)
    return fail(FundRequestMessages.statementTooLong);
  const lines: NewStatementLine[] = [];
  const seen = new Set<string>();
  for (let index = 1; index < records.length; index++) {
    const record = records[index]!;
    const lineNo = index + 1;
    const bad = (why: string) => fail(FundRequestMessages.statementUnreadable(lineNo, why));
    const rawAmount = record[amountAt] ?? '';
    if (!rawAmount && debitAt >= 0 && record[debitAt]) continue; // a debit: not a deposit
    const date = dayOf(record[dateAt] ?? '');
    if (!date) return bad('the date must be YYYY-MM-DD or DD-MM-YYYY.');
    const utr = normalizeReference(record[utrAt] ?? '');
    if (!/^[A-Z0-9]{1,40}$/.test(utr)) return bad('the UTR must be letters and digits.');
    const amount = parseRupees(rawAmount.replace(/,/g, ''));
    if (!amount.ok || amount.value <= 0) return bad('the amount must be rupees above zero.');
    if (seen.has(utr)) return bad(`the UTR ${utr} appears twice.`);
    seen.add(utr);
    const description = descriptionAt >= 0 ? (record[descriptionAt] ?? '').slice(0, 200) : '';
    lines.push({ lineNo, date, utr, amount: amount.value, description: description || null });
  }
  if (!lines.length) return fail(FundRequestMessages.statementEmpty);
  return pass(lines);
}

/** `YYYY-MM-DD`, `DD-MM-YYYY` or `DD/MM/YYYY` to `YYYY-MM-DD`; undefined for anything else. */
function dayOf(input: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
  const indian = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(input);
  const day = iso
    ? `${iso[1]}-${iso[2]}-${iso[3]}`
    : indian
      ? `${indian[3]}-${indian[2]}-${indian[1]}`
      : undefined;
  if (!day) return undefined;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day
    ? day
    : undefined;
}
