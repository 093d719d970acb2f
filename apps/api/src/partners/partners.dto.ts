import {
  checkApiKeyName,
  checkBusinessName,
  checkKeyReference,
  checkMobile,
  checkName,
  checkNoChosenCredential,
  checkOtp,
  checkScopes,
  fail,
  isUuid,
  pass,
  type ApiKeyOtpRequest,
  type Check,
  type CreateApiKeyRequest,
  type CreatePartnerRequest,
  type PartnerPayoutRequest,
  type PartnerScope,
  type RevokeApiKeyRequest,
  type SetWebhookRequest,
} from '@khata/domain';
import { Allow } from 'class-validator';
import { Satisfies } from '../common/http/satisfies.js';

/** The URL is judged by the handler, which knows whether plain http to localhost is allowed. */
function checkOptionalText(value: unknown): Check<string | undefined> {
  if (value === undefined || value === null || value === '') return pass(undefined);
  return typeof value === 'string' ? pass(value) : fail('The webhook URL must be text.');
}

function checkText(value: unknown): Check<string> {
  return typeof value === 'string' ? pass(value) : fail('The webhook URL must be text.');
}

function checkOptionalFlag(value: unknown): Check<boolean> {
  if (value === undefined || value === null) return pass(false);
  return typeof value === 'boolean' ? pass(value) : fail('confirmDuplicate must be true or false.');
}

function checkKeyId(value: unknown): Check<string> {
  return isUuid(value) ? pass(value) : fail('Please choose an API key.');
}

/** POST /api/admin/createPartner. */
export class CreatePartnerDto implements CreatePartnerRequest {
  @Satisfies(checkName)
  name!: string;

  @Satisfies(checkMobile)
  mobile!: string;

  @Satisfies(checkBusinessName)
  businessName!: string;

  @Satisfies(checkOptionalText)
  webhookUrl?: string;

  /** Refused when sent: the partner's own at first sign-in (a temporary password by SMS). */
  @Satisfies(checkNoChosenCredential)
  password?: undefined;

  @Satisfies(checkNoChosenCredential)
  pin?: undefined;
}

/** POST /api/partner/apiKeys/createOtp: the key the OTP will approve. */
export class ApiKeyOtpDto implements ApiKeyOtpRequest {
  @Satisfies(checkApiKeyName)
  name!: string;

  @Satisfies(checkScopes)
  scopes!: PartnerScope[];
}

/** POST /api/partner/apiKeys/create (header `pin`). */
export class CreateApiKeyDto implements CreateApiKeyRequest {
  @Satisfies(checkKeyReference)
  referenceKey!: string;

  @Satisfies(checkOtp)
  otp!: string;
}

/** POST /api/partner/apiKeys/revoke. */
export class RevokeApiKeyDto implements RevokeApiKeyRequest {
  @Satisfies(checkKeyId)
  id!: string;
}

/** POST /api/partner/webhook. */
export class SetWebhookDto implements SetWebhookRequest {
  @Satisfies(checkText)
  url!: string;
}

/**
 * POST /api/partner/v1/payouts: the payout form's fields, let through as sent and judged whole
 * by the payout pipeline (libs/domain `checkPayoutDetails`), as the console's payouts are.
 */
export class PartnerPayoutDto implements Pick<PartnerPayoutRequest, 'confirmDuplicate'> {
  @Allow()
  amount?: unknown;

  @Allow()
  beneficiaryName?: unknown;

  @Allow()
  beneficiaryAccountNumber?: unknown;

  @Allow()
  beneficiaryIfscCode?: unknown;

  @Allow()
  paymentMode?: unknown;

  /** Sent again after a 409 with code 4091: the same payee and amount within 20 minutes. */
  @Satisfies(checkOptionalFlag)
  confirmDuplicate?: boolean;
}
