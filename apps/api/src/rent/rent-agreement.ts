import type {
  CommissionSplit,
  Paise,
  PartyRole,
  PropertyKind,
  RentPrice,
  RentStateCode,
  RentStatus,
  RentWitness,
} from '@khata/domain';
import type { PayoutCommission } from '../commissions/commissions.repository.js';

/** One rent agreement as `rent_agreements` keeps it (issue 28). */
export interface RentAgreement {
  id: string;
  /** What a customer types to track it: RA + 10 letters and digits. */
  reference: string;
  userId: string;
  state: RentStateCode;
  city: string;
  propertyAddress: string;
  propertyKind: PropertyKind;
  rent: Paise;
  deposit: Paise;
  maintenance: Paise;
  startDate: string;
  termMonths: number;
  lockInMonths: number;
  noticeMonths: number;
  yearlyIncreaseBp: number;
  furnishings: string[];
  witnesses: RentWitness[];
  status: RentStatus;
  stampDuty: Paise | null;
  serviceCharge: Paise | null;
  stampRule: RentPrice['stampRule'] | null;
  /** The scheme's commission at payment: its total (the slab's fee) and the uplines' shares. */
  commission: { total: Paise; quote: PayoutCommission } | null;
  commissionSplit: CommissionSplit | null;
  accountId: string | null;
  payKey: string | null;
  estampCertificate: string | null;
  signedPdfSha256: string | null;
  refunded: boolean;
  createdAt: Date;
  paidAt: Date | null;
  stampedAt: Date | null;
  sentAt: Date | null;
  signedAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  updatedAt: Date;
}

export interface RentPartyRow {
  id: string;
  agreementId: string;
  role: PartyRole;
  position: number;
  name: string;
  parentName: string;
  address: string;
  mobile: string;
  idKind: 'pan' | 'aadhaar';
  idValue: string;
  otpHash: Buffer | null;
  otpExpiresAt: Date | null;
  otpAttempts: number;
  otpSends: number;
  signedAt: Date | null;
  esignReference: string | null;
  signedIp: string | null;
}

export interface RentTimelineEntry {
  at: Date;
  kind: string;
  detail: string | null;
}

/** An agreement with its shop's name, for lists and details. */
export interface RentAgreementRow extends RentAgreement {
  shopName: string;
  shopMobile: string;
}
