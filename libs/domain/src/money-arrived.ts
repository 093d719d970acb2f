import type { TransactionRecord } from './contract/transactions.js';
import { formatPaise, parseRupees } from './money.js';

/** The kinds that bring money into a wallet from someone else (issue 23): told to the recipient. */
const ARRIVALS = new Set(['walletTransfer', 'walletCredit', 'fundRequest']);

/**
 * Issue 23: what the recipient is told when money arrives in their wallet (a transfer, an admin
 * credit, an approved fund request), from the `transaction.updated` push; undefined for any
 * other record (a debit, a payout, one still in flight).
 */
export function moneyArrivedMessage(record: TransactionRecord): string | undefined {
  if (record.direction !== 'credit' || record.status !== 'success') return undefined;
  if (!ARRIVALS.has(record.type)) return undefined;
  const amount = parseRupees(String(record.amount?.amount ?? ''));
  if (!amount.ok || amount.value === 0) return undefined;
  const from = record.counterparty?.name;
  return from
    ? `${formatPaise(amount.value)} received from ${from}.`
    : `${formatPaise(amount.value)} added to your wallet.`;
}
