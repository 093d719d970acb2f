import {
  AEPS_FEE_ABOVE_SLAB,
  AEPS_FEE_SLAB_MAX,
  AEPS_FEE_UP_TO_SLAB,
  DEFAULT_PAYOUT_FEES,
  PAYOUT_SLAB_1_MAX,
  PAYOUT_SLAB_2_MAX,
  RTGS_MIN,
} from '@khata/domain';
import { AppPath, type AppPathPattern } from '../../../../app/paths';
import type { Highlight, PageIntroContent } from '../../content-types';
import { wholeRupees } from '../../format';

export interface ServiceSummary extends Highlight {
  /** The service's own page, when it has one. */
  to?: AppPathPattern;
}

export const ourServicesIntro: PageIntroContent = {
  eyebrow: 'What Khata does',
  title: 'Our services',
  lead: "Khata Payments Pvt. Ltd. gives India's retailers and distributors the payment services their customers ask for every day, from one wallet, with a receipt for every rupee.",
};

export const paymentServices: ServiceSummary[] = [
  {
    title: 'Khata wallet',
    body: 'The working capital of your shop in one prepaid wallet. See the balance to the paisa, with liens and security deposits shown apart from what you can spend.',
  },
  {
    title: 'Bank payouts by IMPS, NEFT and RTGS',
    body: `Send money from your wallet to saved, verified beneficiaries at any Indian bank. IMPS reaches the account in seconds, any hour of the day; NEFT settles in half-hourly batches; RTGS carries amounts of ${wholeRupees(RTGS_MIN)} and more.`,
  },
  {
    title: 'Wallet-to-wallet transfers',
    body: "Move money to another Khata wallet with the holder's 10-digit mobile number. The holder's name shows before you pay, so money reaches the right shop.",
  },
  {
    title: 'AEPS and AEPS settlement',
    body: 'Serve cash withdrawals, balance enquiries and mini statements with the customer’s Aadhaar and fingerprint, then settle your AEPS earnings to your approved bank account.',
    to: AppPath.bioMetrics,
  },
];

export const counterServices: ServiceSummary[] = [
  {
    title: 'Utility bill payments',
    body: 'Electricity, water, gas, broadband, mobile and DTH bills, paid at your counter with a printed receipt.',
    to: AppPath.utilityPayments,
  },
  {
    title: 'Rental agreements',
    body: 'Rent agreements on e-stamp paper of the right state, signed with Aadhaar eSign and delivered to both parties.',
    to: AppPath.rentalAgreement,
  },
  {
    title: 'Document services',
    body: 'PAN cards, GST and Udyam registration, income tax returns and affidavits, filed by our partner professionals.',
    to: AppPath.documentServices,
  },
  {
    title: 'Business solutions',
    body: 'Distributor networks, bulk payouts, collections and ledgers for businesses and partners.',
    to: AppPath.businessSolutions,
  },
];

export interface FeeRow {
  service: string;
  range: string;
  fee: string;
}

/** The standard fees; a user's own rate card may set others, and the screen shows the fee first. */
export const standardFees: FeeRow[] = [
  {
    service: 'Bank payout',
    range: `Up to ${wholeRupees(PAYOUT_SLAB_1_MAX)}`,
    fee: wholeRupees(DEFAULT_PAYOUT_FEES[1]),
  },
  {
    service: 'Bank payout',
    range: `Above ${wholeRupees(PAYOUT_SLAB_1_MAX)}, up to ${wholeRupees(PAYOUT_SLAB_2_MAX)}`,
    fee: wholeRupees(DEFAULT_PAYOUT_FEES[2]),
  },
  {
    service: 'Bank payout',
    range: `Above ${wholeRupees(PAYOUT_SLAB_2_MAX)}`,
    fee: wholeRupees(DEFAULT_PAYOUT_FEES[3]),
  },
  {
    service: 'AEPS settlement',
    range: `Up to ${wholeRupees(AEPS_FEE_SLAB_MAX)}`,
    fee: wholeRupees(AEPS_FEE_UP_TO_SLAB),
  },
  {
    service: 'AEPS settlement',
    range: `Above ${wholeRupees(AEPS_FEE_SLAB_MAX)}`,
    fee: wholeRupees(AEPS_FEE_ABOVE_SLAB),
  },
];

export const feesNote =
  'Fees are per transaction. Your rate card can set different fees, and every payment screen shows the fee before you confirm with your PIN.';
