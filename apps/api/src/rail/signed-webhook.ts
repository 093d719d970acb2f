import type { Logger } from '@nestjs/common';
import { AppError, ErrorKind } from '../common/errors.js';
import type { Secret } from '../config/secret.js';
import { verifyWebhook } from './webhook-signature.js';

export const SignedWebhookMessages = {
  notConfigured: 'Rail webhooks are not configured.',
  noBody: 'The webhook has no body.',
  badSignature: 'Invalid webhook signature.',
} as const;

/**
 * The check every rail's provider webhook passes before its body is read (issue 24): a secret
 * is configured, the raw bytes arrived, and their HMAC-SHA256 signature (webhook-signature.ts)
 * matches and is fresh. A refusal is an AppError (503, 400, 401), logged without the body.
 */
export function checkSignedWebhook(input: {
  secret: Secret | undefined;
  rawBody: Buffer | undefined;
  signature: unknown;
  timestamp: unknown;
  now: Date;
  logger: Logger;
}): Buffer {
  const { secret, rawBody, logger } = input;
  if (!secret) throw new AppError(ErrorKind.Unavailable, SignedWebhookMessages.notConfigured);
  if (!rawBody?.length) {
    // create-app keeps a webhook path's bytes whatever their content type (a re-serialised
    // body could not be checked against the signature): none means the sender sent none.
    logger.warn('A rail webhook arrived with no body.');
    throw new AppError(ErrorKind.Invalid, SignedWebhookMessages.noBody);
  }
  const check = verifyWebhook({
    secret: secret.reveal(),
    signature: input.signature,
    timestamp: input.timestamp,
    rawBody,
    now: input.now,
  });
  if (!check.ok) {
    logger.warn(`A rail webhook was refused: ${check.reason} signature.`);
    throw new AppError(ErrorKind.Unauthenticated, SignedWebhookMessages.badSignature);
  }
  return rawBody;
}
