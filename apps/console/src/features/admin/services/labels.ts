import { useMemo } from 'react';
import { ROLE_KINDS, type RoleKind, type ServiceStatus } from '@khata/domain';
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
