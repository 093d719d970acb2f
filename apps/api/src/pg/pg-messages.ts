import type { PgGateway } from '@khata/domain';

/** The gateway loads' and settlements' own refusals (libs/domain's `PgMessages` beside). */
export const PgLoadMessages = {
  adminsCredit: 'Admins credit wallets directly; a shop loads its own wallet through a gateway.',
  keyReused: 'This Idempotency-Key was used for another load.',
  askAdminOnly: 'Only an admin can ask the gateway.',
  refundAdminOnly: 'Only an admin can refund a load.',
  refundSpent: 'The wallet no longer holds the credited amount, so the load cannot be refunded.',
} as const;

/**
 * An admin's import of a gateway's settlement file: the file's refusals, and each line's (its
 * number as the file counts, the header being line 1). `column` is the CSV's own name
 * (`amount`, `settled_on`), `receipt` and `status` as stored.
 */
export const PgSettlementMessages = {
  adminOnly: 'Only an admin imports settlements.',
  oneSettlement: 'A settlement file holds one settlement: one settlement_id and one UTR.',
  imported: 'This settlement is already imported.',
  notAmount: (line: number, column: string) =>
    `Line ${line}: ${column} is not an amount in rupees.`,
  malformed: (line: number, column: string) => `Line ${line}: ${column} is missing or malformed.`,
  settledOnInvalid: (line: number) => `Line ${line}: settled_on must be YYYY-MM-DD.`,
  splitWrong: (line: number) => `Line ${line}: fee + tax + net is not the amount.`,
  orderTwice: (line: number) => `Line ${line}: the order appears twice.`,
  noOrder: (line: number, gateway: PgGateway, receipt: string) =>
    `Line ${line}: no ${gateway} order ${receipt}.`,
  otherPayment: (line: number) => `Line ${line}: the payment is not the one we credited.`,
  otherAmount: (line: number) => `Line ${line}: the amount is not the order's.`,
  notPaid: (line: number, receipt: string, status: string) =>
    `Line ${line}: order ${receipt} is ${status}, not paid: it cannot be settled.`,
} as const;

/**
 * The sandbox gateway's checkout page (development and staging only): English only, see
 * tests/unit/api-messages.catalogue.ts.
 */
export const SandboxPgMessages = {
  noGateway: 'No sandbox gateway here.',
  noOrder: 'No such sandbox order.',
  noAction: 'No such sandbox action.',
} as const;
