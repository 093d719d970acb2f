import { ROLE_KINDS, ROLE_LABELS, type RoleKind, type ServiceStatus } from '@khata/domain';

/** The role names of libs/domain's one table, as the services screens read them. */
export const KIND_LABELS = Object.fromEntries(
  ROLE_KINDS.map((kind) => [kind, ROLE_LABELS[kind].label]),
) as Record<RoleKind, string>;

export const STATUS_LABELS: Record<ServiceStatus, string> = {
  live: 'Live',
  later: 'Coming later',
};
