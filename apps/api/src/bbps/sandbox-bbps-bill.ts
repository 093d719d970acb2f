import { createHash } from 'node:crypto';
import { addDays, type BbpsParams, indiaDay, type Paise, RUPEE } from '@khata/domain';
import type { BbpsBill } from './bbps-provider.js';

/**
 * The sandbox BBPS provider's pretend billers (sandbox-bbps-provider.ts decides the outcome;
 * this makes up what a biller would say): bills, fetch references, BBPS transaction references
 * and approval numbers, each derived from the request so the same customer gets the same bill
 * every time (BBPS: "multiple fetch requests give same response").
 */

/** A stable digest of a biller and the customer's parameters (names sorted). */
function digest(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('\u0000')).digest();
}

function customerKey(billerId: string, params: BbpsParams): string {
  const names = Object.keys(params).sort();
  return [billerId, ...names.map((name) => `${name}=${params[name]}`)].join('\u0001');
}

const CUSTOMER_NAMES = [
  'ASHA VERMA',
  'RAVI KUMAR',
  'MEENA IYER',
  'SURESH PATEL',
  'FATIMA SHAIKH',
  'ARJUN REDDY',
  'KAVITA NAIR',
  'HARPREET SINGH',
  'LAKSHMI RAO',
  'IMRAN KHAN',
] as const;

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

export type SandboxBillKind = 'due' | 'overdue' | 'early';

/**
 * The bill a biller holds for a customer on India day `today`: ₹100 to ₹5,000 (with paise),
 * billed 5 to 14 days ago for last month. `due`: due 3 to 14 days ahead; `overdue`: due 1 to 5
 * days ago with a late amount (2% more, at least ₹25); `early`: due ahead, and 1% less if paid
 * within 2 days.
 */
export function sandboxBill(
  billerId: string,
  params: BbpsParams,
  today: string,
  kind: SandboxBillKind,
): BbpsBill {
  const bytes = digest('bill', customerKey(billerId, params));
  const n = bytes.readUInt32BE(0);
  const amount: Paise = 100 * RUPEE + (n % (4_900 * RUPEE + 1));
  const billDate = addDays(today, -(5 + (bytes[4]! % 10)));
  const [year, month] = billDate.split('-').map(Number) as [number, number];
  const periodMonth = month === 1 ? 12 : month - 1;
  const periodYear = month === 1 ? year - 1 : year;
  const bill: BbpsBill = {
    customerName: CUSTOMER_NAMES[bytes[5]! % CUSTOMER_NAMES.length]!,
    billNumber: `${billerId.slice(0, 4)}${bytes.readUInt32BE(6).toString().padStart(10, '0')}`,
    billDate,
    dueDate: addDays(today, 3 + (bytes[10]! % 12)),
    billPeriod: `${MONTHS[periodMonth - 1]} ${periodYear}`,
    amount,
    earlyAmount: null,
    lateAmount: null,
  };
  if (kind === 'overdue') {
    bill.dueDate = addDays(today, -(1 + (bytes[11]! % 5)));
    bill.lateAmount = amount + Math.max(25 * RUPEE, Math.floor(amount / 50));
  }
  if (kind === 'early') {
    bill.earlyAmount = { amount: amount - Math.floor(amount / 100), until: addDays(today, 2) };
  }
  return bill;
}

/** The fetch's reference: the same customer of the same biller always gets the same one. */
export function sandboxFetchRef(billerId: string, params: BbpsParams): string {
  return `SBXF${digest('fetch', customerKey(billerId, params)).toString('hex').slice(0, 26).toUpperCase()}`;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A BBPS transaction reference (`txnRefId`, 20 characters, e.g. `CC012306BAAE00029095`): the
 * sandbox COU's `CC01`, the India year and month, 4 letters and 8 digits from the reference.
 */
export function sandboxTxnRefId(reference: string, at: Date): string {
  const bytes = digest('txn', reference);
  const [year, month] = indiaDay(at).split('-') as [string, string];
  const letters = [0, 1, 2, 3].map((i) => LETTERS[bytes[i]! % 26]).join('');
  const digits = (bytes.readUInt32BE(4) % 100_000_000).toString().padStart(8, '0');
  return `CC01${year.slice(2)}${month}${letters}${digits}`;
}

/** The biller's approval number for a payment: 10 digits from the reference. */
export function sandboxApprovalRef(reference: string): string {
  return (digest('approval', reference).readBigUInt64BE(0) % 10_000_000_000n)
    .toString()
    .padStart(10, '0');
}

/** `CC01` and the India year and month: a complaint id's first 8 characters. */
export function sandboxComplaintPrefix(at: Date): string {
  const [year, month] = indiaDay(at).split('-') as [string, string];
  return `CC01${year.slice(2)}${month}`;
}
