import { blank, fail, pass, type Check } from '../check.js';
import { isKycState, type KycFacts, type KycState } from '../kyc.js';
import { isRoleKind, type RoleKind } from '../roles.js';
import type { MessageAnswer, Ok, PageRequest } from './common.js';
import { isUuid } from './ids.js';
import { pagingOf } from './paging.js';
import type { LoginRecord } from './control-panel.js';
import type { StatementLine } from './transactions.js';

/**
 * All Users, User details and activate/deactivate (issue 12): the admin's and the distributor's
 * view of the people in their network. Every call is scoped by the network rule
 * (network-scope.ts): a user outside the caller's network is answered like a missing one.
 */

export const USER_STATUSES = ['active', 'blocked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The columns the list may be sorted by (a whitelist: anything else is a 400). */
export const USER_SORT_COLUMNS = ['name', 'createdAt', 'role', 'balance'] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];
export type SortOrder = 'asc' | 'desc';

export const USERS_PAGE_SIZE_MAX = 100;
export const USERS_PAGE_SIZE_DEFAULT = 20;
export const usersPaging = pagingOf(USERS_PAGE_SIZE_MAX, USERS_PAGE_SIZE_DEFAULT);
export const USER_SEARCH_MAX = 100;
/** The most rows one CSV download carries; beyond it the caller narrows the filters. */
export const USERS_CSV_MAX_ROWS = 10_000;
export const STATUS_REASON_MIN = 3;
export const STATUS_REASON_MAX = 200;
/** Ledger lines on User details: the latest of the wallet. */
export const USER_DETAILS_LEDGER_LINES = 10;
/** Sign-ins on User details. */
export const USER_DETAILS_LOGINS = 10;

export const UsersAdminMessages = {
  userIdInvalid: 'Please choose a valid user.',
  searchTooLong: `Search must be at most ${USER_SEARCH_MAX} characters.`,
  roleInvalid: 'Please choose a valid role.',
  statusInvalid: 'Status must be active or blocked.',
  kycStateInvalid: 'Please choose a valid KYC state.',
  sortInvalid: `Sort must be one of: ${USER_SORT_COLUMNS.join(', ')}.`,
  orderInvalid: 'Order must be asc or desc.',
  ...usersPaging.messages,
  reasonRequired: `Please give a reason of ${STATUS_REASON_MIN} to ${STATUS_REASON_MAX} characters.`,
  notYourself: 'You cannot change the status of your own account.',
  onlyAdminOnAdmin: 'Only an admin can change the status of an admin.',
  blockedFromAbove:
    'This account was deactivated by someone above you: only they, or someone above them, can activate it.',
  activated: 'The user is active again.',
  deactivated: 'The user is deactivated and signed out everywhere.',
  unchanged: 'The user already had that status.',
  tooManyForCsv: (total: number) =>
    `The list has ${total.toLocaleString('en-IN')} users, more than the ${USERS_CSV_MAX_ROWS.toLocaleString('en-IN')} one download can carry. Please narrow the search or filters.`,
} as const;

/** `POST /api/admin/users` (and `/api/admin/users/csv`, all pages as CSV). */
export interface ListUsersRequest extends PageRequest {
  /** Part of a name, mobile or shop name; case-insensitive, trimmed. */
  search?: string;
  role?: RoleKind;
  status?: UserStatus;
  /** Accepted for the KYC feature; not applied until KYC states exist (docs/api.md). */
  kycState?: string;
  sort?: UserSortColumn;
  order?: SortOrder;
}

export interface UserListRow {
  id: string;
  name: string;
  mobile: string;
  /** The stored role string (`khataEmployee2`) and its kind. */
  role: string;
  kind: RoleKind | null;
  shopName: string | null;
  status: UserStatus;
  kycState: KycState;
  /** Issue 23: an approved submission is behind the state (`kycLabel`). */
  kycChecked: boolean;
  /** Issue 23: a PAN is on file (else TDS on commission at the no-PAN rate). */
  panOnFile: boolean;
  parent: { id: string; name: string; mobile: string } | null;
  /** ISO time. */
  createdAt: string;
  /** Rupees: the wallet's available balance (posted less held). */
  walletBalance: number;
}

export interface ListUsersAnswer extends Ok {
  data: UserListRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** `POST /api/admin/userDetails`. */
export interface UserDetailsRequest {
  userId: string;
}

export interface UplineMember {
  id: string;
  name: string;
  mobile: string;
  role: string;
  kind: RoleKind | null;
}

export interface UserDetails {
  profile: {
    id: string;
    name: string;
    mobile: string;
    email: string | null;
    role: string;
    kind: RoleKind | null;
    status: UserStatus;
    /** Why the status was last changed, and when (null if never changed here). */
    statusReason: string | null;
    statusChangedAt: string | null;
    createdAt: string;
  };
  shop: { name: string | null };
  /** Everyone above the user, nearest first, up to the top of what the caller sees. */
  upline: UplineMember[];
  /** Everyone below the user, at any depth. */
  downlineCount: number;
  /** Rupees. `available` is what the user can spend now: the wallet plus the overdraft limit. */
  balances: {
    wallet: number;
    lien: number;
    security: number;
    overdraftLimit: number;
    available: number;
  };
  services: string[];
  /** The state, whether documents were checked, and whether a PAN is on file (issue 23). */
  kyc: KycFacts;
  logins: LoginRecord[];
  /** The wallet's latest lines, newest first. */
  ledger: StatementLine[];
}

export interface UserDetailsAnswer extends Ok {
  data: UserDetails;
}

/** `POST /api/admin/userStatus`, header `pin`: activate or deactivate a user. */
export interface SetUserStatusRequest {
  userId: string;
  status: UserStatus;
  reason: string;
}

export interface SetUserStatusAnswer extends MessageAnswer {
  data: { userId: string; status: UserStatus; sessionsEnded: number };
}

// The rules, shared by the API's DTOs and the console's forms.

export function checkUserId(value: unknown): Check<string> {
  return isUuid(value) ? pass(value.toLowerCase()) : fail(UsersAdminMessages.userIdInvalid);
}

export function checkUserSearch(value: unknown): Check<string | undefined> {
  if (blank(value)) return pass(undefined);
  if (typeof value !== 'string') return fail(UsersAdminMessages.searchTooLong);
  const trimmed = value.trim();
  if (trimmed.length > USER_SEARCH_MAX) return fail(UsersAdminMessages.searchTooLong);
  return pass(trimmed === '' ? undefined : trimmed);
}

export function checkRoleFilter(value: unknown): Check<RoleKind | undefined> {
  if (blank(value)) return pass(undefined);
  return isRoleKind(value) ? pass(value) : fail(UsersAdminMessages.roleInvalid);
}

function isStatus(value: unknown): value is UserStatus {
  return USER_STATUSES.some((status) => status === value);
}

export function checkStatusFilter(value: unknown): Check<UserStatus | undefined> {
  if (blank(value)) return pass(undefined);
  return isStatus(value) ? pass(value) : fail(UsersAdminMessages.statusInvalid);
}

export function checkUserStatus(value: unknown): Check<UserStatus> {
  return isStatus(value) ? pass(value) : fail(UsersAdminMessages.statusInvalid);
}

export function checkKycStateFilter(value: unknown): Check<KycState | undefined> {
  if (blank(value)) return pass(undefined);
  return isKycState(value) ? pass(value) : fail(UsersAdminMessages.kycStateInvalid);
}

export function checkUserSort(value: unknown): Check<UserSortColumn> {
  if (blank(value)) return pass('createdAt');
  return USER_SORT_COLUMNS.some((column) => column === value)
    ? pass(value as UserSortColumn)
    : fail(UsersAdminMessages.sortInvalid);
}

export function checkSortOrder(value: unknown): Check<SortOrder> {
  if (blank(value)) return pass('desc');
  return value === 'asc' || value === 'desc' ? pass(value) : fail(UsersAdminMessages.orderInvalid);
}

export const { checkPage: checkUsersPage, checkPageSize: checkUsersPageSize } = usersPaging;

export function checkStatusReason(value: unknown): Check<string> {
  if (typeof value !== 'string') return fail(UsersAdminMessages.reasonRequired);
  const trimmed = value.trim().replace(/\s+/g, ' ');
  return trimmed.length >= STATUS_REASON_MIN && trimmed.length <= STATUS_REASON_MAX
    ? pass(trimmed)
    : fail(UsersAdminMessages.reasonRequired);
}

/** What a deactivated user is told when signing in: the admin's reason, when there is one. */
export function deactivatedMessage(reason: string | null | undefined): string {
  const why = reason?.trim().replace(/[.\s]+$/, '');
  return why
    ? `Your account has been deactivated: ${why}. Please contact support.`
    : 'Your account has been deactivated. Please contact support.';
}
