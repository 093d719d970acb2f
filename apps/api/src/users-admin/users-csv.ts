import { roleLabel, type UserListRow } from '@khata/domain';
import { stringify } from 'csv-stringify/sync';
import { defuse } from '../reports/csv-stream.js';

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
      // The role's one name (libs/domain ROLE_LABELS), as the screens show it.
      roleLabel(row.kind, row.role),
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
