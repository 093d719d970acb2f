import { type MiniStatementLine, type Paise, paiseToRupees, parseRupees } from '@khata/domain';
import { type RailOutcome, RailUnavailableError } from '../rail/rail-adapter.js';
import type { AepsDetails } from './aeps-provider.js';

/**
 * An AEPS provider's answer in InstantPay's envelope (`statuscode`, `status`, `data`;
 * india-rails.md §2.2), the shape the sandbox answers in too, so a real adapter and the sandbox
 * go through one reading (as DMT's do, dmt-provider.ts `outcomeOfDmtAnswer`). Amounts are
 * rupees as IPAY writes them (`"5000.00"`), never paise.
 */
export interface AepsProviderAnswer {
  statuscode: string;
  status?: string;
  data?: {
    externalRef?: string;
    /** IPAY's own id of the transaction. */
    ipayId?: string | null;
    /** The operator's (the bank's) reference: the RRN the customer's bank statement shows. */
    opr?: string | null;
    /** The customer's account balance the bank reported, rupees. */
    balance?: string | number | null;
    miniStatement?: AepsAnswerStatementLine[] | null;
    /**
     * A failure after the bank debited the customer (RBI's T+5 reversal clock runs). How IPAY
     * signals it is not in the documentation read (docs/api.md "A real provider: InstantPay
     * AEPS"); a real adapter maps its signal onto this flag before the reading.
     */
    bankDebited?: boolean;
  } | null;
}

/** One mini-statement line as providers write it (`txnType`, rupees), india-rails.md §2.2. */
export interface AepsAnswerStatementLine {
  date: string;
  txnType: string;
  amount: string | number;
  narration: string;
}

/** Final failures (IPAY's ERR and its failure codes, TXF elsewhere): nothing more will happen. */
const FAILED_CODES = new Set(['ERR', 'FAB', 'IAB', 'TXF']);
/** The provider has no such transaction (its status enquiry): it never took the reference. */
const NOT_FOUND_CODES = new Set(['TNF']);

/**
 * What an AEPS answer means. `TXN` with the bank's reference (`opr`, else IPAY's `ipayId`) is
 * success, carrying the balance and the mini statement as details; the failure codes fail it
 * with the provider's words and, where the bank gave them, the balance and "debited" flag;
 * `TNF` is not found; `TUP` (under process) and any code we do not know are pending, asked
 * again later (the gateways' own rule). An answer that is not the envelope throws: its outcome
 * is unknown, so the transaction stays processing and is asked about, never sent again.
 *
 * A balance or statement line that cannot be read is dropped (null), not guessed: the outcome
 * is the bank's either way, and the receipt would rather show no balance than a wrong one.
 */
export function outcomeOfAepsAnswer(answer: unknown): RailOutcome | { status: 'not-found' } {
  if (typeof answer !== 'object' || answer === null) throw unreadable();
  const { statuscode, status, data } = answer as Partial<AepsProviderAnswer>;
  if (typeof statuscode !== 'string' || !/^[A-Z]{3}$/.test(statuscode)) throw unreadable();
  const message = typeof status === 'string' && status.trim() ? status.trim() : undefined;
  if (statuscode === 'TXN') {
    const rrn = textOf(data?.opr) || textOf(data?.ipayId);
    if (!rrn) return { status: 'pending' };
    const details: AepsDetails = {
      balance: balanceOf(data?.balance),
      statement: statementOf(data?.miniStatement),
    };
    return { status: 'processed', utr: rrn, details: { ...details } };
  }
  if (FAILED_CODES.has(statuscode)) {
    const details: AepsDetails = {
      balance: balanceOf(data?.balance),
      bankDebited: data?.bankDebited === true,
    };
    return {
      status: 'failed',
      reason: message ?? 'The bank did not complete the transaction.',
      details: { ...details },
    };
  }
  if (NOT_FOUND_CODES.has(statuscode)) return { status: 'not-found' };
  return { status: 'pending' };
}

/** A send is never answered "not found": only a status enquiry can say the provider never took it. */
export function aepsSendOutcomeOf(answer: unknown): RailOutcome {
  const outcome = outcomeOfAepsAnswer(answer);
  return outcome.status === 'not-found' ? { status: 'pending' } : outcome;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function balanceOf(value: unknown): Paise | null {
  if (value === null || value === undefined || value === '') return null;
  const read = parseRupees(value);
  return read.ok ? read.value : null;
}

function statementOf(lines: unknown): MiniStatementLine[] | null {
  if (!Array.isArray(lines)) return null;
  const read: MiniStatementLine[] = [];
  for (const line of lines as Partial<AepsAnswerStatementLine>[]) {
    const amount = balanceOf(line?.amount);
    const date = dayOf(line?.date);
    const type = line?.txnType;
    if (!date || (type !== 'Cr' && type !== 'Dr') || amount === null) return null;
    if (typeof line?.narration !== 'string') return null;
    read.push({ date, type, amount: paiseToRupees(amount), narration: line.narration.trim() });
  }
  return read;
}

/** `YYYY-MM-DD`, or the banks' `DD/MM/YYYY` turned into it; anything else is unreadable. */
function dayOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : null;
}

function unreadable(): RailUnavailableError {
  return new RailUnavailableError('The AEPS provider answered something unreadable.');
}
