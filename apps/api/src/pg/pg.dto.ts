import {
  isPgGateway,
  paiseToRupees,
  PG_ORDER_STATUSES,
  PG_METHOD_LABELS,
  type PgGateway,
  type PgOrderStatus,
} from '@khata/domain';
import { AppError, ErrorKind } from '../common/errors.js';
import type { PgOrder, PgOrderListed } from './pg-orders.repository.js';

/** An order as the screens and the tracker read it: amounts in rupees (API.md). */
export function toPgOrderDto(order: PgOrder | PgOrderListed) {
  return {
    id: order.id,
    receipt: order.receipt,
    gateway: order.gateway,
    method: order.method,
    methodLabel: PG_METHOD_LABELS[order.method],
    gatewayOrderId: order.gatewayOrderId,
    paymentId: order.paymentId,
    status: order.status,
    amount: paiseToRupees(order.amount),
    fee: paiseToRupees(order.fee),
    gst: paiseToRupees(order.gst),
    charge: paiseToRupees(order.fee + order.gst),
    credited: paiseToRupees(order.credited),
    failureReason: order.failureReason,
    refundId: order.refundId,
    settlementId: order.settlementId,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    refundedAt: order.refundedAt?.toISOString() ?? null,
    settledAt: order.settledAt?.toISOString() ?? null,
    lastCheckedAt: order.lastCheckedAt?.toISOString() ?? null,
    ...('userName' in order && { userName: order.userName, userMobile: order.userMobile }),
  };
}

export const PG_PAGE_SIZE_MAX = 100;

/** The tracker's filters: `search` (our order id, receipt, the gateway's order or payment id). */
export function pgListFilter(query: Record<string, unknown>): {
  gateway?: PgGateway;
  status?: PgOrderStatus;
  search?: string;
  page: number;
  pageSize: number;
} {
  const invalid = (message: string) => new AppError(ErrorKind.Invalid, message);
  const whole = (value: unknown, fallback: number, max: number, name: string) => {
    if (value === undefined || value === '') return fallback;
    if (
      typeof value !== 'string' ||
      !/^\d{1,6}$/.test(value) ||
      Number(value) < 1 ||
      Number(value) > max
    ) {
      throw invalid(`${name} must be a whole number from 1 to ${max}.`);
    }
    return Number(value);
  };
  const { gateway, status, search } = query;
  if (gateway !== undefined && gateway !== '' && !isPgGateway(gateway)) {
    throw invalid('Gateway must be one of pay10, finkeda, paycel.');
  }
  if (
    status !== undefined &&
    status !== '' &&
    !(PG_ORDER_STATUSES as readonly unknown[]).includes(status)
  ) {
    throw invalid(`Status must be one of ${PG_ORDER_STATUSES.join(', ')}.`);
  }
  if (search !== undefined && (typeof search !== 'string' || search.length > 60)) {
    throw invalid('Search by an order id or a gateway id (at most 60 characters).');
  }
  return {
    ...(isPgGateway(gateway) ? { gateway: gateway as PgGateway } : {}),
    ...(typeof status === 'string' && status !== '' ? { status: status as PgOrderStatus } : {}),
    ...(typeof search === 'string' && search.trim() !== '' ? { search: search.trim() } : {}),
    page: whole(query.page, 1, 100_000, 'Page'),
    pageSize: whole(query.pageSize, 20, PG_PAGE_SIZE_MAX, 'Page size'),
  };
}
