/** The gateway loads' and settlements' own refusals (libs/domain's `PgMessages` beside). */
export const PgLoadMessages = {
  adminsCredit: 'Admins credit wallets directly; a shop loads its own wallet through a gateway.',
  keyReused: 'This Idempotency-Key was used for another load.',
  askAdminOnly: 'Only an admin can ask the gateway.',
  refundAdminOnly: 'Only an admin can refund a load.',
  refundSpent: 'The wallet no longer holds the credited amount, so the load cannot be refunded.',
  settlementsAdminOnly: 'Only an admin imports settlements.',
  oneSettlement: 'A settlement file holds one settlement: one settlement_id and one UTR.',
  settlementImported: 'This settlement is already imported.',
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
