import { showIndiaDate, showIndiaDateTime } from './business-day.js';
import { isUuid } from './contract/ids.js';
import { formatPaise, isPaise, parseRupees, type Paise } from './money.js';

/**
 * The details of an audit entry in plain words for the Logs screen (issue 23): labels, not
 * keys; rupees in Indian format, not paise or bare numbers; order ids, not UUIDs.
 *
 * Since issue 23 every money figure an audit entry holds is written as `{ paise: n }`
 * (`auditMoney`), so its unit travels with it. Entries written before hold a bare number, in
 * paise under every action except the three that wrote rupees (`RUPEE_ACTIONS`): the log is
 * append-only, so those rows are read as they are, never rewritten.
 */

/** An amount as an audit entry stores it: integer paise, marked as such. */
export interface AuditMoney {
  paise: Paise;
}

export function auditMoney(paise: Paise): AuditMoney {
  return { paise };
}

export interface AuditDetailLine {
  label: string;
  value: string;
}

/** Actions whose entries before issue 23 held their bare `amount` in rupees. */
const RUPEE_ACTIONS = new Set(['wallet.credit', 'wallet.debit', 'payout.compensation']);

/** Keys that hold money. */
const MONEY_KEYS = new Set(['amount', 'fee', 'overdraftLimit', 'openingFloat', 'closingFloat']);

/** The words of the keys audit entries use; a key not here is spelled out from its camelCase. */
const LABELS: Record<string, string> = {
  amount: 'Amount',
  fee: 'Fee',
  orderID: 'Order ID',
  seq: 'Order ID',
  reason: 'Reason',
  remark: 'Remark',
  overdraftLimit: 'Overdraft limit',
  openingFloat: 'Opening float',
  closingFloat: 'Closing float',
  month: 'Month',
  mode: 'Mode',
  utr: 'UTR',
  ifsc: 'IFSC',
  accountNumber: 'Account number',
  depositDate: 'Deposit date',
  payoutOrder: 'Payout order ID',
  daysLate: 'Days late',
  number: 'Complaint number',
  mobile: 'Mobile',
  role: 'Role',
  from: 'From',
  to: 'To',
  status: 'Status',
  lockedUntil: 'Locked until',
  expiresAt: 'Expires at',
  effectiveFrom: 'Effective from',
  failures: 'Wrong tries',
  payeeName: 'Name at the bank',
  businessName: 'Business name',
  webhookUrl: 'Webhook address',
  url: 'Address',
  prefix: 'Key prefix',
  area: 'Area',
  asked: 'Status asked',
  result: 'Result',
  state: 'State',
  what: 'Reset',
  refused: 'Refused',
  refusal: 'Refused',
  remitterMobile: "Remitter's mobile",
  remitterName: "Remitter's name",
  documentType: 'Document type',
  documentNumber: 'Document number',
  beneficiaryName: "Beneficiary's name",
  bankName: 'Bank',
  method: 'Method',
  refundState: 'Refund',
  customerMessage: "Customer's message",
};

const ORDER = Object.keys(LABELS);

/** A ledger seq as the order id every receipt and report shows (`KH0000000042`). */
export function orderIdOfSeq(seq: string | number): string {
  return `KH${String(seq).padStart(10, '0')}`;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function labelOf(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function moneyText(action: string, value: unknown): string | null {
  if (value && typeof value === 'object' && isPaise((value as AuditMoney).paise)) {
    return formatPaise((value as AuditMoney).paise);
  }
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  if (RUPEE_ACTIONS.has(action)) {
    const paise = parseRupees(value);
    return paise.ok ? formatPaise(paise.value) : null;
  }
  const paise = Number(value);
  return isPaise(paise) ? formatPaise(paise) : null;
}

function valueText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (isUuid(value)) return null;
    if (ISO_DAY.test(value)) return showIndiaDate(value);
    return ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))
      ? showIndiaDateTime(value)
      : value;
  }
  if (Array.isArray(value)) {
    const items = value.map(valueText).filter((item): item is string => item !== null);
    return items.length ? items.join(', ') : null;
  }
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => {
        const text = valueText(inner);
        return text === null ? null : `${labelOf(key)} ${text}`;
      })
      .filter((part): part is string => part !== null);
    return parts.length ? parts.join(', ') : null;
  }
  return null;
}

/**
 * The lines the Logs screen shows for one entry, in the order the entry holds them. Ids that
 * only a machine reads (UUIDs) are left out; a ledger seq is shown as its order id.
 */
export function describeAuditDetails(
  action: string,
  details: Record<string, unknown>,
): AuditDetailLine[] {
  const lines: { key: string; line: AuditDetailLine }[] = [];
  const hasOrderId = typeof details.orderID === 'string';
  for (const [key, raw] of Object.entries(details)) {
    let value: string | null;
    if (key === 'seq') {
      value =
        hasOrderId || !(typeof raw === 'number' || typeof raw === 'string')
          ? null
          : orderIdOfSeq(raw);
    } else if (MONEY_KEYS.has(key)) {
      value = moneyText(action, raw);
    } else {
      value = valueText(raw);
    }
    if (value !== null) lines.push({ key, line: { label: labelOf(key), value } });
  }
  // Postgres's jsonb keeps keys in its own order (shortest first): the lines follow the table
  // of labels instead, so every entry reads amount, order id, reason…, then the rest.
  const rank = (key: string) => {
    const at = ORDER.indexOf(key);
    return at === -1 ? ORDER.length : at;
  };
  return lines.sort((a, b) => rank(a.key) - rank(b.key)).map(({ line }) => line);
}
