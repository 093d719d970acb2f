import type { Ok } from './common.js';
import type { PayoutKind } from './transaction-kinds.js';
import type { TransactionRecord } from './transactions.js';

/**
 * The kind of payment a partner's API sends: a bank payout. Its status call and its webhooks
 * answer for that kind alone.
 */
export const PARTNER_PAYOUT_KIND = 'payout' satisfies PayoutKind;

/**
 * What a partner's API key may do. A key carries the scopes it was created with, and each
 * machine route needs one of them (`payouts:write` to pay, `payouts:read` to ask after a
 * payout, `balance:read` for the wallet).
 */
export const PARTNER_SCOPES = ['payouts:write', 'payouts:read', 'balance:read'] as const;
export type PartnerScope = (typeof PARTNER_SCOPES)[number];

/** `POST /api/admin/createPartner` (admin, the Create Partner item). */
export interface CreatePartnerRequest {
  name: string;
  mobile: string;
  businessName: string;
  /** Optional: where payout events go; the partner can set it later. */
  webhookUrl?: string;
}

/** The answer says the temporary password went out by SMS (no password or PIN is chosen). */
export interface CreatePartnerAnswer extends Ok {
  message: string;
  user: { id: string; mobile: string; role: string };
}

/** One API key as the partner area lists it; the secret is never shown again. */
export interface ApiKeySummary {
  id: string;
  name: string;
  /** The key id, e.g. `kh_live_ab12cd34`: public, what `X-Khata-Key-Id` carries. */
  prefix: string;
  scopes: PartnerScope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface ApiKeyListAnswer extends Ok {
  data: ApiKeySummary[];
}

/**
 * `POST /api/partner/apiKeys/createOtp` (issue 31): the key the partner asks for; an OTP that
 * approves exactly this key goes to its registered mobile.
 */
export interface ApiKeyOtpRequest {
  name: string;
  scopes: PartnerScope[];
}

export interface ApiKeyOtpAnswer extends Ok {
  /** Sent back with the OTP to make the key. */
  referenceKey: string;
  message: string;
}

/** `POST /api/partner/apiKeys/create`, header `pin`: the key the OTP approves is made. */
export interface CreateApiKeyRequest {
  referenceKey: string;
  otp: string;
}

/** The key id and the signing secret; the secret is shown this once. */
export interface CreatedApiKeyAnswer extends Ok {
  key: ApiKeySummary;
  /** Public: sent in `X-Khata-Key-Id` (the same as `key.prefix`). */
  keyId: string;
  /** Signs each call; never sent on one. */
  secret: string;
}

/** `POST /api/partner/apiKeys/revoke`, header `pin`. */
export interface RevokeApiKeyRequest {
  id: string;
}

/** `POST /api/partner/webhook`: sets the URL (a first secret is made if there is none). */
export interface SetWebhookRequest {
  url: string;
}

export interface PartnerWebhookState {
  url: string | null;
  /** Whether a signing secret exists; the secret itself is shown only when made. */
  hasSecret: boolean;
  secretCreatedAt: string | null;
}

export interface PartnerWebhookAnswer extends Ok {
  webhook: PartnerWebhookState;
  /** Present only when this call made a new secret (the first URL, or a rotation). */
  secret?: string;
}

/** `POST /api/partner/v1/payouts` (key-authenticated, `Idempotency-Key` required). */
export interface PartnerPayoutRequest {
  amount: number | string;
  beneficiaryName: string;
  beneficiaryAccountNumber: string;
  beneficiaryIfscCode: string;
  /** IMPS (default), NEFT or RTGS. */
  paymentMode?: string;
  /** Sent again after a 409 with code 4091 (the same payee and amount within 20 minutes). */
  confirmDuplicate?: boolean;
}

export interface PartnerPayoutAnswer extends Ok {
  payout: TransactionRecord;
}

export interface PartnerBalanceAnswer extends Ok {
  /** Rupees. */
  balance: number;
}

/** The JSON body of a webhook to a partner; `id` is the same on every retry of one event. */
export interface PartnerWebhookEvent {
  id: string;
  type: 'payout.updated';
  createdAt: string;
  data: TransactionRecord;
}

/** Issue 23: where one webhook event stands (`webhook_deliveries`). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One webhook event as the partner area and the admin list it; never the secret. */
export interface WebhookDeliverySummary {
  /** `evt-<payout id>-<status>`: the same on every try and on a redelivery. */
  eventId: string;
  eventType: string;
  payoutId: string;
  /** The payout's order ID, as the event's record carries it. */
  orderId: string | null;
  status: WebhookDeliveryStatus;
  /** Tries so far, redeliveries included. */
  attempts: number;
  /** The HTTP status of the last try; null when none answered (timeout, refused). */
  lastStatus: number | null;
  lastError: string | null;
  /** When the next try is due, while the event is pending and a try has failed. */
  nextAttemptAt: string | null;
  redeliveries: number;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
}

/** `POST /api/partner/webhookDeliveries`: newest first, one page. */
export interface WebhookDeliveriesRequest {
  page?: number | string;
  pageSize?: number | string;
}

export interface WebhookDeliveriesAnswer extends Ok {
  data: WebhookDeliverySummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** `POST /api/partner/webhookDeliveries/redeliver`: a failed event, sent again as it was. */
export interface RedeliverWebhookRequest {
  eventId: string;
}

export interface RedeliverWebhookAnswer extends Ok {
  delivery: WebhookDeliverySummary;
}

/** The admin's calls about one partner (`/api/admin/partner…`) name it. */
export interface AdminPartnerRequest {
  partnerId: string;
}

export type AdminPartnerDeliveriesRequest = AdminPartnerRequest & WebhookDeliveriesRequest;
export type AdminRevokeApiKeyRequest = AdminPartnerRequest & RevokeApiKeyRequest;
export type AdminRedeliverWebhookRequest = AdminPartnerRequest & RedeliverWebhookRequest;
