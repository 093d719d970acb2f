import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycState, RoleKind, UserStatus } from '@khata/domain';
import { i18n } from '../../../i18n/i18n';

/**
 * Issue 30: the names libs/domain gives roles, user statuses and KYC states (ROLE_LABELS,
 * USER_STATUS_LABELS, KYC_STATE_LABELS; the CSV exports keep those), in the reader's language.
 * Each value has its key in `admin-common`; the English texts are the domain's, word for word.
 */
export const ROLE_LABEL_KEYS = {
  admin: 'admin-common:roles.admin.label',
  sdistributor: 'admin-common:roles.sdistributor.label',
  coDistributor: 'admin-common:roles.coDistributor.label',
  distributor: 'admin-common:roles.distributor.label',
  employee1: 'admin-common:roles.employee1.label',
  employee2: 'admin-common:roles.employee2.label',
  user: 'admin-common:roles.user.label',
  partner: 'admin-common:roles.partner.label',
} as const satisfies Record<RoleKind, string>;

export const ROLE_PLURAL_KEYS = {
  admin: 'admin-common:roles.admin.plural',
  sdistributor: 'admin-common:roles.sdistributor.plural',
  coDistributor: 'admin-common:roles.coDistributor.plural',
  distributor: 'admin-common:roles.distributor.plural',
  employee1: 'admin-common:roles.employee1.plural',
  employee2: 'admin-common:roles.employee2.plural',
  user: 'admin-common:roles.user.plural',
  partner: 'admin-common:roles.partner.plural',
} as const satisfies Record<RoleKind, string>;

export const ROLE_SUMMARY_KEYS = {
  admin: 'admin-common:roles.admin.summary',
  sdistributor: 'admin-common:roles.sdistributor.summary',
  coDistributor: 'admin-common:roles.coDistributor.summary',
  distributor: 'admin-common:roles.distributor.summary',
  employee1: 'admin-common:roles.employee1.summary',
  employee2: 'admin-common:roles.employee2.summary',
  user: 'admin-common:roles.user.summary',
  partner: 'admin-common:roles.partner.summary',
} as const satisfies Record<RoleKind, string>;

export const USER_STATUS_KEYS = {
  active: 'admin-common:userStatus.active',
  blocked: 'admin-common:userStatus.blocked',
} as const satisfies Record<UserStatus, string>;

export const KYC_STATE_KEYS = {
  none: 'admin-common:kycState.none',
  submitted: 'admin-common:kycState.submitted',
  approved: 'admin-common:kycState.approved',
  rejected: 'admin-common:kycState.rejected',
} as const satisfies Record<KycState, string>;

/** Any `t` of react-i18next or i18next: the keys above carry their namespace. */
export type Translate = (key: string) => string;

const globalT: Translate = (key) => i18n.t(key);

/** A role's one name; a stored role string of no known kind is shown as it came. */
export function roleLabel(
  t: Translate,
  kind: RoleKind | null | undefined,
  role?: string | null,
): string {
  return kind ? t(ROLE_LABEL_KEYS[kind]) : (role ?? '');
}

/** A role's plural ("Retailers"), as notices address them. */
export function rolePlural(t: Translate, kind: RoleKind): string {
  return t(ROLE_PLURAL_KEYS[kind]);
}

/** What a role does, in a shop owner's words (onboarding shows it). */
export function roleSummary(t: Translate, kind: RoleKind): string {
  return t(ROLE_SUMMARY_KEYS[kind]);
}

/** "Active" / "Deactivated". */
export function userStatusLabel(t: Translate, status: UserStatus): string {
  return t(USER_STATUS_KEYS[status]);
}

/** A KYC state's own name (filters, the reviewers' queue). */
export function kycStateLabel(t: Translate, state: KycState): string {
  return t(KYC_STATE_KEYS[state]);
}

/** The same, with the current language's `t` (outside components; a component re-renders on a change of language through its own `useTranslation`). */
export const labelsNow = {
  role: (kind: RoleKind | null | undefined, role?: string | null) => roleLabel(globalT, kind, role),
  rolePlural: (kind: RoleKind) => rolePlural(globalT, kind),
  userStatus: (status: UserStatus) => userStatusLabel(globalT, status),
  kycState: (state: KycState) => kycStateLabel(globalT, state),
};

export interface AdminLabels {
  role: (kind: RoleKind | null | undefined, role?: string | null) => string;
  rolePlural: (kind: RoleKind) => string;
  roleSummary: (kind: RoleKind) => string;
  userStatus: (status: UserStatus) => string;
  kycState: (state: KycState) => string;
}

/** The role, status and KYC names in the current language, re-rendering on a change of it. */
export function useAdminLabels(): AdminLabels {
  const { t } = useTranslation('admin-common');
  return useMemo(
    () => ({
      role: (kind, role) => roleLabel(t, kind, role),
      rolePlural: (kind) => rolePlural(t, kind),
      roleSummary: (kind) => roleSummary(t, kind),
      userStatus: (status) => userStatusLabel(t, status),
      kycState: (state) => kycStateLabel(t, state),
    }),
    [t],
  );
}

/** A role's one name in the current language (see useAdminLabels for the others). */
export function useRoleLabel(): AdminLabels['role'] {
  return useAdminLabels().role;
}

/**
 * libs/domain's `welcomeText` in the reader's language: the distributor tiers and admins are
 * greeted by their role's name, everyone else by first name ("User" when there is none).
 */
export function welcomeName(
  t: Translate,
  kind: RoleKind | undefined,
  name?: string | null,
): string {
  if (kind === 'admin' || kind === 'sdistributor' || kind === 'distributor') {
    return roleLabel(t, kind);
  }
  const firstName = (name ?? '').trim().split(/\s+/)[0];
  return firstName ? firstName : t('admin-common:welcomeFallback');
}
