import { Services, type RoleKind } from '@khata/domain';

/** Who may sit directly below whom, and so who may register whom: one rule, in libs/domain. */
export { canHaveBelow } from '@khata/domain';

/**
 * Services a registered user starts with: employees can move money from day one (wallet
 * transfer and payout; employee 2 also AEPS settlement, spec §6); everyone else starts with
 * none until an admin grants them.
 */
export function defaultServices(kind: RoleKind): string[] {
  if (kind === 'employee1') return [Services.wallet, 'payout'];
  if (kind === 'employee2') return [Services.wallet, 'payout', Services.aepsAccount];
  return [];
}
