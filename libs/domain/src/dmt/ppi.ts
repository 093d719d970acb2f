import { formatPaise, type Paise, RUPEE } from '../money.js';
import type { RoleKind } from '../roles.js';
import { Services } from '../services.js';
import type { DmtLimits } from './transfers.js';

/**
 * Issue 25, PPI money transfer: a walk-in customer (the same remitter, one per mobile) who
 * holds a prepaid wallet (PPI) with the provider pays a bank account from it. A transfer is a
 * DMT transfer of another product: the same rail, OTP, PIN, pending and refund path; what
 * differs is named in one place, `TRANSFER_PRODUCTS`.
 *
 * RBI's Master Direction on PPIs (2021, updated 23 Feb 2024): a minimum-detail (small) PPI
 * allows no funds transfer; a full-KYC PPI may transfer funds; cash loading of any PPI is at
 * most ₹50,000 a month. The monthly limit Khata applies is the provider's answer for the
 * sender's wallet (Eko's `total_monthly_limit`), never a figure of ours.
 */

/** The products a shop sends money for a walk-in customer with. */
export const TRANSFER_PRODUCTS = ['dmt', 'ppi'] as const;
export type TransferProduct = (typeof TRANSFER_PRODUCTS)[number];

export function isTransferProduct(value: unknown): value is TransferProduct {
  return (TRANSFER_PRODUCTS as readonly unknown[]).includes(value);
}

/** What one product is: its service (gating and fee scheme) and where its month's limit comes from. */
export interface TransferProductInfo {
  readonly key: TransferProduct;
  /** The service that allows it, and the commission scheme its fee comes from. */
  readonly service: 'dmt' | 'ppi';
  /** `config`: the limits in configuration; `provider`: the wallet's limit from the provider. */
  readonly monthLimit: 'config' | 'provider';
  /** The words for one transfer, in messages and logs. */
  readonly noun: string;
  readonly label: string;
}

export const TRANSFER_PRODUCT_INFO: Readonly<Record<TransferProduct, TransferProductInfo>> = {
  dmt: {
    key: 'dmt',
    service: Services.dmt,
    monthLimit: 'config',
    noun: 'DMT transfer',
    label: 'Money transfer (DMT)',
  },
  ppi: {
    key: 'ppi',
    service: Services.ppi,
    monthLimit: 'provider',
    noun: 'PPI transfer',
    label: 'PPI money transfer',
  },
};

/** May a holder of these services send transfers of this product? */
export function mayActInProduct(product: TransferProduct, services: readonly string[]): boolean {
  return services.includes(TRANSFER_PRODUCT_INFO[product].service);
}

/** Who reads a product's senders and transfers: those who act, and admins. */
export function mayReadProduct(
  product: TransferProduct,
  kind: RoleKind,
  services: readonly string[],
): boolean {
  return kind === 'admin' || mayActInProduct(product, services);
}

/** The sender's wallet KYC as the provider answers it. */
export const PPI_KYC_TIERS = ['minimum', 'full'] as const;
export type PpiKycTier = (typeof PPI_KYC_TIERS)[number];

export function isPpiKycTier(value: unknown): value is PpiKycTier {
  return (PPI_KYC_TIERS as readonly unknown[]).includes(value);
}

/** Only a full-KYC PPI may transfer funds (RBI MD-PPI: small PPIs allow no funds transfer). */
export function ppiTierMayTransfer(tier: PpiKycTier): boolean {
  return tier === 'full';
}

/**
 * A PPI transfer's limits: configuration. ₹100 least, ₹10,000 a transfer (Khata's choice, see
 * docs/decisions.md "PPI money transfer"); `perMonth` is only the fallback a wallet profile is
 * checked against: the limit that binds is the provider's for the sender's wallet.
 */
export const DEFAULT_PPI_LIMITS: DmtLimits = {
  minimum: 100 * RUPEE,
  perTransaction: 10_000 * RUPEE,
  /** RBI MD-PPI: cash loading of any PPI at most ₹50,000 a month. */
  perMonth: 50_000 * RUPEE,
};

/** The limits one sender's transfer is decided on: the product's, the month the provider's. */
export function ppiLimitsFor(limits: DmtLimits, providerMonthLimit: Paise): DmtLimits {
  return { ...limits, perMonth: providerMonthLimit };
}

export const PpiMessages = {
  noPpiService: 'Your account does not have the PPI money transfer service.',
  readOnlyForAdmins: 'Only a retailer with the PPI money transfer service can do this.',
  minimumKyc:
    'This sender’s PPI wallet has minimum KYC only: RBI allows no money transfer from it. ' +
    'The sender must complete full KYC (Aadhaar OTP and PAN) with the provider first.',
  walletUnknown: 'The sender’s PPI wallet was not looked up yet. Please look up the sender again.',
  providerUnavailable: 'The PPI provider is unavailable right now. Please try again.',
  monthLimit: (limit: Paise) => `The provider allows this sender ${formatPaise(limit)} a month.`,
} as const;
