import { useMemo } from 'react';
import { ROLE_KINDS, type RoleKind, type ServiceKey, type ServiceStatus } from '@khata/domain';
import { useAdminLabels, type Translate } from '../common/labels';

/** The role names of libs/domain's one table, in the reader's language, as the services screens read them. */
export function useKindLabels(): Record<RoleKind, string> {
  const labels = useAdminLabels();
  return useMemo(
    () =>
      Object.fromEntries(ROLE_KINDS.map((kind) => [kind, labels.role(kind)])) as Record<
        RoleKind,
        string
      >,
    [labels],
  );
}

export const STATUS_KEYS = {
  live: 'services:status.live',
  later: 'services:status.later',
} as const satisfies Record<ServiceStatus, string>;

/** "Live" / "Coming later". */
export function serviceStatusLabel(t: Translate, status: ServiceStatus): string {
  return t(STATUS_KEYS[status]);
}

/** The catalogue's names (libs/domain's SERVICE_CATALOGUE, English word for word), by service key. */
export const SERVICE_NAME_KEYS = {
  wallet: 'services:catalogue.wallet.name',
  payout: 'services:catalogue.payout.name',
  aepsAccount: 'services:catalogue.aepsAccount.name',
  aepsSettlement: 'services:catalogue.aepsSettlement.name',
  aeps: 'services:catalogue.aeps.name',
  dmt: 'services:catalogue.dmt.name',
  ppi: 'services:catalogue.ppi.name',
  bbps: 'services:catalogue.bbps.name',
  rent: 'services:catalogue.rent.name',
  pg: 'services:catalogue.pg.name',
  staff: 'services:catalogue.staff.name',
} as const satisfies Record<ServiceKey, string>;

export const SERVICE_DESCRIPTION_KEYS = {
  wallet: 'services:catalogue.wallet.description',
  payout: 'services:catalogue.payout.description',
  aepsAccount: 'services:catalogue.aepsAccount.description',
  aepsSettlement: 'services:catalogue.aepsSettlement.description',
  aeps: 'services:catalogue.aeps.description',
  dmt: 'services:catalogue.dmt.description',
  ppi: 'services:catalogue.ppi.description',
  bbps: 'services:catalogue.bbps.description',
  rent: 'services:catalogue.rent.description',
  pg: 'services:catalogue.pg.description',
  staff: 'services:catalogue.staff.description',
} as const satisfies Record<ServiceKey, string>;

/** A service's name in the reader's language ("Bank payout"). */
export function serviceName(t: Translate, key: ServiceKey): string {
  return t(SERVICE_NAME_KEYS[key]);
}

/** What a service does, in the reader's language. */
export function serviceDescription(t: Translate, key: ServiceKey): string {
  return t(SERVICE_DESCRIPTION_KEYS[key]);
}
