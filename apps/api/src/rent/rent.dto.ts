import { paiseToRupees, RENT_STATUS_LABELS, rentStateName } from '@khata/domain';
import type { RentQuote, RentDetails } from './rent-desk.js';
import type { RentAgreementRow, RentPartyRow } from './rent-agreement.js';

const rupees = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));

export function toQuoteDto(quote: RentQuote) {
  return {
    stampDuty: rupees(quote.price.stampDuty),
    serviceCharge: rupees(quote.price.serviceCharge),
    total: rupees(quote.price.total),
    commission: rupees(quote.commission),
    stampRule: quote.price.stampRule,
    warnings: quote.warnings,
    registrationRequired: quote.registrationRequired,
  };
}

/** A party as the shop sees it: never an OTP or its hash. */
function toPartyDto(party: RentPartyRow) {
  return {
    id: party.id,
    role: party.role,
    position: party.position,
    name: party.name,
    parentName: party.parentName,
    address: party.address,
    mobile: party.mobile,
    idKind: party.idKind,
    idValue: party.idKind === 'aadhaar' ? `XXXX XXXX ${party.idValue}` : party.idValue,
    otpSent: party.otpHash !== null,
    signedAt: party.signedAt,
    esignReference: party.signedAt ? party.esignReference : null,
  };
}

export function toAgreementDto(agreement: RentAgreementRow) {
  return {
    id: agreement.id,
    reference: agreement.reference,
    status: agreement.status,
    statusLabel: RENT_STATUS_LABELS[agreement.status],
    shopId: agreement.userId,
    shopName: agreement.shopName,
    state: agreement.state,
    stateName: rentStateName(agreement.state),
    city: agreement.city,
    propertyAddress: agreement.propertyAddress,
    propertyKind: agreement.propertyKind,
    rent: rupees(agreement.rent),
    deposit: rupees(agreement.deposit),
    maintenance: rupees(agreement.maintenance),
    startDate: agreement.startDate,
    termMonths: agreement.termMonths,
    lockInMonths: agreement.lockInMonths,
    noticeMonths: agreement.noticeMonths,
    yearlyIncreasePercent: agreement.yearlyIncreaseBp / 100,
    furnishings: agreement.furnishings,
    witnesses: agreement.witnesses,
    stampDuty: rupees(agreement.stampDuty),
    serviceCharge: rupees(agreement.serviceCharge),
    total:
      agreement.stampDuty === null ? null : rupees(agreement.stampDuty + agreement.serviceCharge!),
    commission: agreement.commissionSplit
      ? rupees(
          agreement.commissionSplit.commissions.find((line) => line.level === 'shop')?.gross ?? 0,
        )
      : null,
    stampRule: agreement.stampRule,
    estampCertificate: agreement.estampCertificate,
    refunded: agreement.refunded,
    signedPdfSha256: agreement.signedPdfSha256,
    createdAt: agreement.createdAt,
    paidAt: agreement.paidAt,
    stampedAt: agreement.stampedAt,
    sentAt: agreement.sentAt,
    signedAt: agreement.signedAt,
    completedAt: agreement.completedAt,
    cancelledAt: agreement.cancelledAt,
  };
}

export function toDetailsDto(details: RentDetails) {
  return {
    ...toAgreementDto(details.agreement),
    parties: details.parties.map(toPartyDto),
    timeline: details.timeline,
    warnings: details.warnings,
  };
}
