import type { SchemeService, SchemeSlab, TaxKind } from '../commission.js';
import type { PayoutRates } from '../fees.js';
import type { RoleKind } from '../roles.js';
import type { MessageAnswer, Ok } from './common.js';

// Commissions (issue 13; a contract since issue 24): schemes, their defaults and assignments,
// a user's own payout fees, tax rates and My profit. Amounts are rupees, rates are percent.

/** A commission scheme as stored: its slabs (rupees and percents as the editor saves them). */
export interface SchemeRecord {
  id: string;
  name: string;
  service: SchemeService;
  slabs: SchemeSlab[];
  /** A bbps scheme's slabs per BBPS category (issue 27); null for the other services. */
  categorySlabs?: Record<string, SchemeSlab[]> | null;
  /** ISO time. */
  updatedAt: string;
}

/** `POST /api/admin/commissionSchemes` (admin): every scheme, with whom it serves. */
export interface SchemesAnswer extends Ok {
  data: (SchemeRecord & { defaultFor: string[]; assigned: number })[];
}

/** `POST /api/admin/commissionScheme` (admin): create (no id) or edit a scheme. */
export interface SchemeRequest {
  id?: string;
  name: string;
  service: SchemeService;
  slabs: unknown[];
  /** A bbps scheme's slabs per category; left out, an edit keeps them. */
  categorySlabs?: Record<string, unknown[]>;
}

export interface SchemeSavedAnswer extends MessageAnswer {
  scheme: SchemeRecord;
}

/** `POST /api/admin/commissionSchemeDefault` (admin): a role's default for the scheme's service. */
export interface SchemeDefaultRequest {
  roleKind: RoleKind;
  schemeId: string;
}

/** `POST /api/admin/commissionSchemeAssign` (admin): a user's scheme (null: its role's default). */
export interface SchemeAssignRequest {
  userId?: string;
  mobile?: string;
  service: SchemeService;
  schemeId: string | null;
}

/** `POST /api/admin/commissionUserRates` (admin): a user's own payout fee per slab. */
export interface PayoutRatesRequest {
  userId?: string;
  mobile?: string;
  payout: Partial<Record<keyof PayoutRates, { flatBase: number } | null>>;
}

/** `POST /api/admin/commissionSchemeAssignments` (admin): a user's own assignments. */
export interface SchemeAssignmentsAnswer extends Ok {
  data: Partial<Record<SchemeService, string>>;
}

/** A GST or TDS rate from a day on; the rows before stay as history. */
export interface TaxRateRecord {
  id: string;
  kind: TaxKind;
  /** Percent (18 = 18%). */
  rate: number;
  /** India day, `YYYY-MM-DD`. */
  effectiveFrom: string;
  /** ISO time. */
  createdAt: string;
  createdBy: string | null;
}

/** `POST /api/admin/taxRates` (admin): every rate, by kind, newest first. */
export interface TaxRatesAnswer extends Ok {
  data: TaxRateRecord[];
}

/** `POST /api/admin/taxRate` (admin): a new rate, percent, from today or a later day. */
export interface TaxRateRequest {
  kind: TaxKind;
  rate: number;
  effectiveFrom: string;
}

export interface TaxRateAddedAnswer extends MessageAnswer {
  taxRate: TaxRateRecord;
}

export type ProfitGroup = 'day' | 'month';

/**
 * `POST /api/admin/myProfit` and `/admin/myProfit/csv` (earners): India days, both included
 * (default the last 30 days), by day or month; an admin may name one earner.
 */
export interface ProfitRequest {
  from?: string;
  to?: string;
  groupBy?: ProfitGroup;
  earnerId?: string;
}

/** One earner's commission on one India day or month, rupees. */
export interface ProfitRecord {
  period: string;
  userId: string;
  name: string;
  mobile: string;
  role: string;
  gross: number;
  tds: number;
  net: number;
  /** Payments counted: processed ones less returned ones. */
  count: number;
}

export interface ProfitTotal {
  gross: number;
  tds: number;
  net: number;
}

export interface ProfitAnswer extends Ok {
  data: ProfitRecord[];
  total: ProfitTotal;
}
