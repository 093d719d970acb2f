import { maskedParam, paiseToRupees } from '@khata/domain';
import { Allow } from 'class-validator';
import type { BbpsBillerRow } from './bbps-catalogue.repository.js';
import type { BbpsBillFetch, BbpsPayment, BbpsPaymentRow } from './bbps-payment.js';

/**
 * The bill payment calls' bodies (issue 27). Fields are only let through here: the counter
 * judges each form whole with libs/domain's checks (checkBillerParams, checkBbpsPaymentForm),
 * so every refusal says the same words as the console's form.
 */
export class BbpsFetchDto {
  @Allow() billerId?: unknown;
  @Allow() params?: unknown;
  @Allow() customerMobile?: unknown;
  @Allow() geocode?: unknown;
  @Allow() postalCode?: unknown;
}

export class BbpsPayDto extends BbpsFetchDto {
  @Allow() amount?: unknown;
  @Allow() fetchId?: unknown;
  @Allow() pin?: unknown;
}

/** A biller as the console lists it (its CCF slabs stay server-side: the quote applies them). */
export function toBillerDto(biller: BbpsBillerRow) {
  return {
    id: biller.id,
    name: biller.name,
    categoryCode: biller.categoryCode,
    categoryName: biller.categoryName,
    coverage: biller.coverage,
    params: biller.params,
    fetch: biller.fetch,
    adhoc: biller.adhoc,
    exactness: biller.exactness,
    active: biller.active,
  };
}

export function toFetchDto(fetch: BbpsBillFetch, exactness: string) {
  return {
    fetchId: fetch.id,
    billerId: fetch.billerId,
    customerName: fetch.customerName,
    billNumber: fetch.billNumber,
    billDate: fetch.billDate,
    dueDate: fetch.dueDate,
    billPeriod: fetch.billPeriod,
    amount: paiseToRupees(fetch.amount),
    earlyAmount:
      fetch.earlyAmount === null
        ? null
        : { amount: paiseToRupees(fetch.earlyAmount), until: fetch.earlyUntil },
    lateAmount: fetch.lateAmount === null ? null : paiseToRupees(fetch.lateAmount),
    exactness,
  };
}

/**
 * A payment as the API answers it (docs/api.md "Bill payments (BBPS)"): rupees, the card's
 * number masked, the shop's commission gross, BBPS's references for the receipt.
 */
export function toPaymentDto(payment: BbpsPayment | BbpsPaymentRow) {
  const row = 'billerName' in payment ? payment : undefined;
  return {
    id: payment.id,
    recordId: payment.id,
    status: payment.status,
    billerId: payment.billerId,
    billerName: row?.billerName ?? null,
    categoryCode: payment.categoryCode,
    categoryName: row?.categoryName ?? null,
    params: Object.entries(payment.params).map(([name, value]) => ({
      name,
      value: maskedParam(name, value),
    })),
    customerMobile: payment.customerMobile,
    customerName: payment.customerName,
    billNumber: payment.billNumber,
    billDate: payment.billDate,
    dueDate: payment.dueDate,
    billPeriod: payment.billPeriod,
    amount: paiseToRupees(payment.amount),
    ccf: paiseToRupees(payment.ccf),
    total: paiseToRupees(payment.amount + payment.ccf),
    commission:
      payment.commissionSplit?.earner != null
        ? paiseToRupees(payment.commissionSplit.earner.gross)
        : null,
    refId: payment.refId,
    bbpsReference: payment.bbpsReference,
    approvalRef: payment.approvalRef,
    message: payment.message,
    createdAt: payment.createdAt.toISOString(),
    finishedAt: payment.finishedAt?.toISOString() ?? null,
    shop: row
      ? { id: payment.userId, name: row.shopName, mobile: row.shopMobile }
      : { id: payment.userId, name: null, mobile: null },
  };
}

export type BbpsPaymentDto = ReturnType<typeof toPaymentDto>;
