import type { AuditAction } from '../audit/audit.repository.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { AuthUser } from '../auth/auth-user.js';
import { AppError, ErrorKind } from '../common/errors.js';
import type { RequestContext } from '../common/http/request-context.js';
import type { PinVerifier } from '../credentials/pin-verifier.js';
import type { HandResolution } from './rail-machine.js';
import { RailResolutionRefused, type RailTransaction, type Trigger } from './rail-processor.js';
import { HandResolutionMessages } from './hand-resolution-messages.js';

/**
 * An admin settling a stuck rail transaction by hand (a payout, a DMT transfer): the same act
 * for every product, so one place says it. The UTR a success needs, the PIN, the processor's
 * `resolve` (RailProcessor.resolve: the provider's answer wins; never while a send may be on
 * its way; a compare-and-set, so of several admins at once one resolves), the refusal in the
 * product's words, and the audit entry of every try, refused or done.
 */

/** What the admin asked. `reason` is internal (the audit log only); the customer reads the message. */
export interface HandResolutionRequest {
  admin: AuthUser;
  id: string;
  status: 'processed' | 'failed';
  utr: string | undefined;
  reason: string;
  customerMessage: string;
  pin: unknown;
  context: RequestContext;
}

/** A product's side of it: its words, its audit action, its processor. */
export interface HandResolutionTerms<T extends RailTransaction> {
  /** `payout`, `DMT transfer`: the messages' noun. */
  noun: string;
  /** Where the transaction was sent: `the bank`, `the provider`. */
  sentTo: string;
  notFound: string;
  action: AuditAction;
  resolve(
    id: string,
    resolution: HandResolution,
    trigger: Trigger,
  ): Promise<{ txn: T; by: 'rail' | 'hand' } | undefined>;
  /** What the audit entry adds about the transaction (amounts, order id), masked. */
  auditDetails?(txn: T): Record<string, unknown>;
}

export interface HandResolutionParts {
  pins: PinVerifier;
  audit: AuditTrail;
}

/** The refusal of a hand resolution in the product's words (a 409). */
export function handResolutionRefusalMessage(
  terms: Pick<HandResolutionTerms<RailTransaction>, 'noun' | 'sentTo'>,
  refusal: RailResolutionRefused<RailTransaction>,
): string {
  switch (refusal.reason) {
    case 'not-processing':
      return HandResolutionMessages.notProcessing(terms.noun, refusal.txn.status);
    case 'send-in-flight':
      return HandResolutionMessages.sendInFlight(terms.noun, terms.sentTo);
    case 'changed':
      return HandResolutionMessages.changed(terms.noun);
  }
}

/**
 * Resolves by hand and audits the try. A success's UTR is checked before the PIN; a refusal is
 * audited on its own connection (it stays on record though the call answers 409).
 */
export async function resolveByHand<T extends RailTransaction>(
  { pins, audit }: HandResolutionParts,
  terms: HandResolutionTerms<T>,
  request: HandResolutionRequest,
): Promise<{ txn: T; by: 'rail' | 'hand' }> {
  if (request.status === 'processed' && !request.utr) {
    throw new AppError(ErrorKind.Invalid, HandResolutionMessages.utrRequired(terms.noun));
  }
  await pins.verify({ userId: request.admin.userId }, request.pin, request.context);
  const trigger: Trigger = {
    by: 'admin',
    adminId: request.admin.userId,
    requestId: request.context.requestId,
  };
  const record = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
    audit.recordAlone({
      action: terms.action,
      outcome,
      actorId: request.admin.userId,
      subjectId: request.id,
      sessionId: request.admin.sessionId,
      context: request.context,
      details: {
        asked: request.status,
        utr: request.utr ?? null,
        reason: request.reason,
        customerMessage: request.status === 'failed' ? request.customerMessage : null,
        ...details,
      },
    });
  let outcome: { txn: T; by: 'rail' | 'hand' } | undefined;
  try {
    outcome = await terms.resolve(
      request.id,
      request.status === 'processed'
        ? { status: 'processed', utr: request.utr! }
        : // The customer's words, never the admin's internal reason (issue 23).
          { status: 'failed', reason: request.customerMessage },
      trigger,
    );
  } catch (error) {
    if (!(error instanceof RailResolutionRefused)) throw error;
    const refused = error as RailResolutionRefused<T>;
    await record('failure', {
      refused: refused.reason,
      status: refused.txn.status,
      ...terms.auditDetails?.(refused.txn),
    });
    throw new AppError(ErrorKind.Conflict, handResolutionRefusalMessage(terms, refused));
  }
  if (!outcome) throw new AppError(ErrorKind.NotFound, terms.notFound);
  await record('success', {
    by: outcome.by,
    status: outcome.txn.status,
    ...terms.auditDetails?.(outcome.txn),
  });
  return outcome;
}
