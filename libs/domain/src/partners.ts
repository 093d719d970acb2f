import { type Check, fail, pass } from './check.js';
import {
  PARTNER_SCOPES,
  type PartnerScope,
  type WebhookDeliveryStatus,
} from './contract/partners.js';
import { text } from './fields.js';
import { isUuid } from './contract/ids.js';

export const PartnerMessages = {
  businessNameRequired: 'Please enter the business name (2 to 100 characters).',
  keyNameRequired: 'Please name the key (1 to 60 characters), e.g. "Orders server".',
  scopesRequired: `Please choose at least one scope: ${PARTNER_SCOPES.join(', ')}.`,
  webhookUrlInvalid: 'The webhook URL must be a full https:// address (at most 500 characters).',
  keyNotFound: 'API key not found.',
  keyAlreadyRevoked: 'This API key is already revoked.',
  noWebhook: 'Set a webhook URL first.',
  tooManyKeys: 'You can have at most 20 active API keys: revoke one first.',
  keyOtpSent: (mobile: string) =>
    `An OTP has been sent to your registered mobile ending ${mobile.slice(-4)}.`,
  keyReferenceInvalid: 'Please ask for an OTP to create the key first.',
  keyOtpWrong: 'Incorrect OTP. Please check the SMS and try again.',
  keyOtpExpired: 'The OTP has expired or was used. Please ask for a new one.',
  tooManyKeyOtps: (minutes: number) =>
    `Too many OTPs requested. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  keyOtpsUnavailable: 'OTPs cannot be sent right now. Please try again in a few minutes.',
  smsUnavailable: 'The SMS could not be sent, so no key was made. Please try again later.',
  created:
    'Partner created. A temporary password has been sent to their mobile by SMS: they set their own password and PIN at first sign-in.',
  credentialsNotChosen:
    "An admin does not choose a partner's password or PIN: a temporary password is sent to the partner by SMS.",
  partnerIdInvalid: 'Please choose a partner.',
  partnerNotFound: 'Partner not found.',
  eventIdInvalid: 'Please choose a webhook delivery.',
  deliveryNotFound: 'Webhook delivery not found.',
  deliveryNotFailed:
    'Only a failed delivery can be sent again: this one is still being tried or was delivered.',
} as const;

/**
 * Issue 23: an event is sent again by hand only once its tries ran out (`failed`). A pending
 * one is still being tried by the job, and a delivered one was taken: sending either again
 * would only duplicate what the partner already gets.
 */
export function canRedeliver(status: WebhookDeliveryStatus): boolean {
  return status === 'failed';
}

/** A webhook event id as we make them: `evt-<payout id>-<status>`. */
export function checkWebhookEventId(input: unknown): Check<string> {
  return typeof input === 'string' && /^evt-[0-9a-f-]{36}-[a-z_]{1,30}$/.test(input)
    ? pass(input)
    : fail(PartnerMessages.eventIdInvalid);
}

/** Create Partner takes no password or PIN: anything sent for them is refused, not ignored. */
export function checkNoChosenCredential(input: unknown): Check<undefined> {
  return input === undefined ? pass(undefined) : fail(PartnerMessages.credentialsNotChosen);
}

export function checkBusinessName(input: unknown): Check<string> {
  const value = text(input);
  return value.length >= 2 && value.length <= 100
    ? pass(value)
    : fail(PartnerMessages.businessNameRequired);
}

export function checkApiKeyName(input: unknown): Check<string> {
  const value = text(input);
  return value.length >= 1 && value.length <= 60
    ? pass(value)
    : fail(PartnerMessages.keyNameRequired);
}

/** The reference of a key-creation OTP, as `apiKeys/createOtp` answered it. */
export function checkKeyReference(input: unknown): Check<string> {
  return isUuid(input) ? pass(input) : fail(PartnerMessages.keyReferenceInvalid);
}

export function isPartnerScope(value: unknown): value is PartnerScope {
  return PARTNER_SCOPES.some((scope) => scope === value);
}

/** One or more known scopes, each once, in the catalogue's order. */
export function checkScopes(input: unknown): Check<PartnerScope[]> {
  if (!Array.isArray(input) || input.length === 0 || !input.every(isPartnerScope)) {
    return fail(PartnerMessages.scopesRequired);
  }
  return pass(PARTNER_SCOPES.filter((scope) => input.includes(scope)));
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A partner's webhook URL: https, or plain http to this machine only where `allowLocalHttp`
 * (development and tests, where the receiver is a local server).
 */
export function checkWebhookUrl(
  input: unknown,
  { allowLocalHttp }: { allowLocalHttp: boolean },
): Check<string> {
  const value = text(input);
  if (value.length === 0 || value.length > 500) return fail(PartnerMessages.webhookUrlInvalid);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(PartnerMessages.webhookUrlInvalid);
  }
  if (url.username || url.password) return fail(PartnerMessages.webhookUrlInvalid);
  if (url.protocol === 'https:') return pass(url.toString());
  if (url.protocol === 'http:' && allowLocalHttp && LOCAL_HOSTS.has(url.hostname)) {
    return pass(url.toString());
  }
  return fail(PartnerMessages.webhookUrlInvalid);
}
