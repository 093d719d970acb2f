import { FundRequestMessages, type FundRequestState } from './fund-requests.js';
import { refusal, type Refusal } from './refusal.js';
import type { RoleKind } from './roles.js';

/**
 * Issue 24: what deciding a fund request decides, between loading the locked request and
 * committing the payment (or the rejection, or the ask for a second admin).
 */

/** The request as the decision needs it. */
export interface RequestToDecide {
  /** Its upline approver; null: an admin decides it. */
  approverId: string | null;
  approverName: string | null;
  state: FundRequestState;
}

/** Whether this actor is the one who decides this request: its upline, or an admin. */
export function decidesFundRequest(
  actor: { userId: string; kind: string },
  request: { approverId: string | null },
): boolean {
  return request.approverId === null ? actor.kind === 'admin' : request.approverId === actor.userId;
}

/** Only an admin, approving, names a bank statement line to approve against. */
export function statementLineRefusal(
  actor: { kind: RoleKind },
  action: 'approve' | 'reject',
  withLine: boolean,
): Refusal | null {
  return withLine && (action !== 'approve' || actor.kind !== 'admin')
    ? refusal('forbidden', FundRequestMessages.onlyAdminsMatch)
    : null;
}

/** The request is this actor's to decide, and still pending (the row lock orders two deciders). */
export function fundDecisionRefusal(
  actor: { userId: string; kind: string },
  request: RequestToDecide,
): Refusal | null {
  if (!decidesFundRequest(actor, request)) {
    return refusal(
      'forbidden',
      FundRequestMessages.notYourApproval(request.approverName ?? 'an admin'),
    );
  }
  if (request.state !== 'pending') {
    return refusal('conflict', FundRequestMessages.alreadyDecided(request.state));
  }
  return null;
}

/**
 * What a decision does: a rejection; a payment (against a bank line, from an upline's wallet,
 * or one a second admin approved); or, issue 31 item 4, an ask for a second admin when money
 * would leave the funding account on one admin's word with no bank line behind it.
 */
export type FundDecisionStep = 'reject' | 'ask-second-admin' | 'pay';

export function fundDecisionStep(decision: {
  action: 'approve' | 'reject';
  withLine: boolean;
  approverId: string | null;
  /** Run as the second admin's approval. */
  secondApproval: boolean;
}): FundDecisionStep {
  if (decision.action === 'reject') return 'reject';
  if (!decision.withLine && decision.approverId === null && !decision.secondApproval) {
    return 'ask-second-admin';
  }
  return 'pay';
}

/** Where an approved request's money comes from, as the audit row names it. */
export function fundRequestPaidFrom(approverId: string | null): 'upline-wallet' | 'system:funding' {
  return approverId ? 'upline-wallet' : 'system:funding';
}
