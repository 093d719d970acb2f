import { fail, pass, type Check } from './check.js';
import { isUuid } from './contract/ids.js';
import { isSafeText } from './text.js';
import type { KycState } from './kyc.js';
import type { RoleKind } from './roles.js';

/**
 * The services catalogue (issue 12, "Services"): what a user may do beyond its role. A user's
 * services are its role's defaults, then its own overrides (an admin grants or revokes one
 * service for one user). `effectiveServices` is the one function that answers the list: the
 * API's guards, `/user/checkBalance`'s `services` and the console's sidebar all read it.
 */
export const SERVICE_KEYS = [
  'wallet',
  'payout',
  'aepsAccount',
  'aepsSettlement',
  'aeps',
  'dmt',
  'ppi',
  'bbps',
  'rent',
  'pg',
  'staff',
] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];

/** The keys by name, for code that tests one service (`Services.wallet`). */
export const Services = {
  wallet: 'wallet',
  payout: 'payout',
  aepsAccount: 'aepsAccount',
  aepsSettlement: 'aepsSettlement',
  aeps: 'aeps',
  dmt: 'dmt',
  ppi: 'ppi',
  bbps: 'bbps',
  rent: 'rent',
  pg: 'pg',
  staff: 'staff',
} as const satisfies { [K in ServiceKey]: K };
/** A service key; kept under its first name for the menu table. */
export type Service = ServiceKey;

/** `live` works today; `later` is in the catalogue, grantable, and does nothing yet. */
export type ServiceStatus = 'live' | 'later';

export interface ServiceInfo {
  readonly key: ServiceKey;
  readonly label: string;
  readonly description: string;
  readonly status: ServiceStatus;
  /** The role kinds that hold it without an override. */
  readonly defaultFor: readonly RoleKind[];
  /** The role kinds that may hold it at all; an override for another kind counts for nothing. */
  readonly grantableTo: readonly RoleKind[];
}

const EMPLOYEES: readonly RoleKind[] = ['employee1', 'employee2'];
const EVERYONE: readonly RoleKind[] = [
  'admin',
  'sdistributor',
  'coDistributor',
  'distributor',
  'employee1',
  'employee2',
  'user',
  'partner',
];

export const SERVICE_CATALOGUE: readonly ServiceInfo[] = [
  {
    key: 'wallet',
    label: 'Wallet transfer',
    description: 'Send money from the wallet to another user’s wallet.',
    status: 'live',
    defaultFor: EMPLOYEES,
    grantableTo: EVERYONE,
  },
  {
    key: 'payout',
    label: 'Bank payout',
    description: 'Pay out from the wallet to a saved bank beneficiary.',
    status: 'live',
    defaultFor: EMPLOYEES,
    grantableTo: EVERYONE,
  },
  {
    key: 'aepsAccount',
    label: 'AEPS account',
    description: 'Keep AEPS settlement accounts and raise payment requests.',
    status: 'live',
    defaultFor: ['employee2'],
    grantableTo: EVERYONE,
  },
  {
    key: 'aepsSettlement',
    label: 'AEPS settlement',
    description: 'Settle the AEPS balance to an approved AEPS account.',
    status: 'live',
    defaultFor: ['employee2'],
    grantableTo: EVERYONE,
  },
  {
    key: 'aeps',
    label: 'AEPS (cash withdrawal)',
    description:
      'Cash withdrawal, balance enquiry, mini statement and Aadhaar Pay with a fingerprint scanner.',
    // Issue 26: live and a retailer's by default, as the AEPS account services are.
    status: 'live',
    defaultFor: ['employee2'],
    grantableTo: EVERYONE,
  },
  {
    key: 'dmt',
    label: 'Money transfer (DMT)',
    description: 'Domestic money transfer for walk-in customers.',
    // Issue 25: live, and a retailer's (employee 2) by default, as the AEPS services are.
    status: 'live',
    defaultFor: ['employee2'],
    grantableTo: EVERYONE,
  },
  {
    key: 'ppi',
    label: 'PPI money transfer',
    description: 'Money transfer from a walk-in customer’s full-KYC prepaid wallet.',
    // Issue 25: live and a retailer's by default, as DMT is; the sender's wallet must be full-KYC.
    status: 'live',
    defaultFor: ['employee2'],
    grantableTo: EVERYONE,
  },
  {
    key: 'bbps',
    label: 'Bill payments (BBPS)',
    description: 'Electricity, water, gas, credit card and other bills through Bharat BillPay.',
    // Issue 27: live and a retailer's by default, as DMT and AEPS are.
    status: 'live',
    defaultFor: ['employee2'],
    grantableTo: EVERYONE,
  },
  {
    key: 'rent',
    label: 'Rent agreements',
    description: 'Draft, stamp and e-sign rent agreements for tenants and landlords.',
    // Issue 28: live and a retailer's by default, as bill payments are.
    status: 'live',
    defaultFor: ['employee2'],
    grantableTo: EVERYONE,
  },
  {
    key: 'pg',
    label: 'Payment gateway',
    description: 'Collect payments by card, UPI and net banking.',
    status: 'later',
    defaultFor: [],
    grantableTo: EVERYONE,
  },
  {
    key: 'staff',
    label: 'Staff (whole network)',
    description: 'An employee who works on the whole network, as an admin sees it.',
    status: 'live',
    defaultFor: [],
    grantableTo: EMPLOYEES,
  },
];

export function isServiceKey(value: unknown): value is ServiceKey {
  return SERVICE_KEYS.some((key) => key === value);
}

export function serviceInfo(key: ServiceKey): ServiceInfo {
  const info = SERVICE_CATALOGUE.find((entry) => entry.key === key);
  if (!info) throw new RangeError(`No service ${key}`);
  return info;
}

/** The services a role holds before any override, in catalogue order. */
export function serviceDefaults(kind: RoleKind): ServiceKey[] {
  return SERVICE_CATALOGUE.filter((info) => info.defaultFor.includes(kind)).map((info) => info.key);
}

/** May a user of this kind hold the service at all (`staff` only for employees)? */
export function mayHoldService(kind: RoleKind, key: ServiceKey): boolean {
  return serviceInfo(key).grantableTo.includes(kind);
}

/** One user's decision about one service, away from its role's default. */
export interface ServiceOverride {
  readonly service: string;
  readonly enabled: boolean;
}

/** What decides a user's services: its role, its own overrides and its KYC state. */
export interface ServiceHolder {
  readonly kind: RoleKind;
  readonly overrides: readonly ServiceOverride[];
  readonly kycState: KycState;
}

/** The services that move money out and so wait for an approved KYC (issue 12). */
export const KYC_GATED_SERVICES: readonly ServiceKey[] = [
  Services.payout,
  Services.aepsAccount,
  Services.aepsSettlement,
  Services.aeps,
  Services.dmt,
  Services.ppi,
  Services.bbps,
  Services.rent,
];

/** Admins run the portal and move money without KYC; every other role needs it approved. */
export function needsKyc(kind: RoleKind): boolean {
  return kind !== 'admin';
}

/**
 * A user's services, in catalogue order: the role's defaults, then the user's overrides, less
 * what waits for an approved KYC. The one list: the API's guards, `/user/checkBalance`'s and
 * `/user/userData`'s `services` and the console's sidebar all read it. Overrides of unknown
 * services, or of services the kind may not hold, count for nothing.
 */
export function effectiveServices(holder: ServiceHolder): ServiceKey[] {
  const awaiting = servicesAwaitingKyc(holder);
  return grantedServices(holder).filter((key) => !awaiting.includes(key));
}

/**
 * The services a user holds by role or override but may not use until its KYC is approved:
 * what tells a guard to answer "complete your KYC" rather than "not allowed".
 */
export function servicesAwaitingKyc(holder: ServiceHolder): ServiceKey[] {
  if (!needsKyc(holder.kind) || holder.kycState === 'approved') return [];
  return grantedServices(holder).filter((key) => KYC_GATED_SERVICES.includes(key));
}

/**
 * The services a user holds by role and overrides, before KYC: what an admin switches on
 * Service Management (a payout switched on for a user still waiting for KYC stays on there).
 */
export function grantedServices(holder: Omit<ServiceHolder, 'kycState'>): ServiceKey[] {
  return SERVICE_CATALOGUE.filter((info) => {
    if (!info.grantableTo.includes(holder.kind)) return false;
    const override = holder.overrides.find((entry) => entry.service === info.key);
    return override ? override.enabled : info.defaultFor.includes(holder.kind);
  }).map((info) => info.key);
}

/**
 * The overrides that make a user of this kind hold exactly `wanted` (unknown keys are
 * ignored): how a user created with a given list of services is stored.
 */
export function overridesFor(kind: RoleKind, wanted: readonly string[]): ServiceOverride[] {
  const defaults = serviceDefaults(kind);
  return SERVICE_KEYS.filter((key) => wanted.includes(key) !== defaults.includes(key)).map(
    (key) => ({ service: key, enabled: wanted.includes(key) }),
  );
}

export const ServiceMessages = {
  userRequired: 'Please choose a user.',
  userIdInvalid: 'The user id is not valid.',
  changesRequired: 'Please choose at least one service to change.',
  tooManyChanges: `Please change at most ${SERVICE_KEYS.length} services at once.`,
  unknownService: 'There is no such service.',
  enabledRequired: 'Please say whether the service is on or off.',
  duplicateService: 'Each service can be changed once per request.',
  reasonRequired: 'Please give a reason for the change.',
  reasonTooLong: 'The reason can be at most 200 characters.',
  reasonInvalid: 'The reason contains characters that are not allowed.',
  staffOnlyForEmployees: 'Only employees can be given the staff service.',
  notGrantable: 'This user’s role cannot hold that service.',
  updated: 'Services updated.',
} as const;

export const SERVICE_REASON_MAX_LENGTH = 200;

/** One requested change of `/admin/updateServices`. */
export interface ServiceChange {
  readonly service: ServiceKey;
  readonly enabled: boolean;
}

export function checkServiceUserId(value: unknown): Check<string> {
  if (value === undefined || value === null || value === '')
    return fail(ServiceMessages.userRequired);
  return isUuid(value) ? pass(value.toLowerCase()) : fail(ServiceMessages.userIdInvalid);
}

export function checkServiceChanges(value: unknown): Check<ServiceChange[]> {
  if (!Array.isArray(value) || value.length === 0) return fail(ServiceMessages.changesRequired);
  if (value.length > SERVICE_KEYS.length) return fail(ServiceMessages.tooManyChanges);
  const changes: ServiceChange[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return fail(ServiceMessages.unknownService);
    const { service, enabled, ...rest } = entry as Record<string, unknown>;
    if (!isServiceKey(service) || Object.keys(rest).length > 0)
      return fail(ServiceMessages.unknownService);
    if (typeof enabled !== 'boolean') return fail(ServiceMessages.enabledRequired);
    if (changes.some((change) => change.service === service))
      return fail(ServiceMessages.duplicateService);
    changes.push({ service, enabled });
  }
  return pass(changes);
}

export function checkServiceReason(value: unknown): Check<string> {
  if (typeof value !== 'string' || value.trim() === '') return fail(ServiceMessages.reasonRequired);
  const reason = value.trim();
  if (reason.length > SERVICE_REASON_MAX_LENGTH) return fail(ServiceMessages.reasonTooLong);
  if (!isSafeText(reason)) return fail(ServiceMessages.reasonInvalid);
  return pass(reason);
}

/** Why a kind may not be given a service (undefined: it may). Revoking is always allowed. */
export function refusalOfGrant(kind: RoleKind, change: ServiceChange): string | undefined {
  if (!change.enabled || mayHoldService(kind, change.service)) return undefined;
  return change.service === 'staff'
    ? ServiceMessages.staffOnlyForEmployees
    : ServiceMessages.notGrantable;
}

/** One accepted change and how the overrides table takes it. */
export interface ServiceChangeStep {
  change: ServiceChange;
  /** true: kept as the user's override; false: the override is dropped (back to the role's default). */
  override: boolean;
  /** Whether the user had the service before this update. */
  was: boolean;
}

/**
 * The decision of an update of one user's services (issue 24): every change is refused when one
 * is (nothing is written then), else each is kept as an override, or drops the override when it
 * is back to the role's default. `granted` is `grantedServices` before the update.
 */
export function decideServiceChanges(
  kind: RoleKind,
  granted: readonly ServiceKey[],
  changes: readonly ServiceChange[],
): Check<ServiceChangeStep[]> {
  for (const change of changes) {
    const refusal = refusalOfGrant(kind, change);
    if (refusal) return fail(refusal);
  }
  const defaults = serviceDefaults(kind);
  return pass(
    changes.map((change) => ({
      change,
      override: defaults.includes(change.service) !== change.enabled,
      was: granted.includes(change.service),
    })),
  );
}
