import type { UserListRow } from '@khata/domain';
import { stringify } from 'csv-stringify/sync';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, and tab or carriage return, which
 * some programs strip before looking) gets a leading apostrophe: the OWASP advice for CSV
 * injection. Names and shop names are typed by users, so they are not to be trusted.
 */
export function defuse(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const COLUMNS = [
  'Name',
  'Mobile',
  'Role',
  'Shop',
  'Status',
  'KYC',
  'Parent name',
  'Parent mobile',
  'Created at',
  'Wallet balance (INR)',
] as const;

/** The filtered All Users list as CSV (RFC 4180 quoting by csv-stringify), header first. */
export function usersCsv(rows: readonly UserListRow[]): string {
  const records = rows.map((row) =>
    [
      row.name,
      row.mobile,
      row.kind ?? row.role,
      row.shopName ?? '',
      row.status,
      row.kycState,
      row.parent?.name ?? '',
      row.parent?.mobile ?? '',
      row.createdAt,
      row.walletBalance.toFixed(2),
    ].map((cell) => defuse(String(cell))),
  );
  // A byte-order mark so spreadsheet programs read the names as UTF-8.
  return `\uFEFF${stringify([[...COLUMNS], ...records], { record_delimiter: '\r\n' })}`;
}
