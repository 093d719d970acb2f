import { randomUUID } from 'node:crypto';
import { LedgerError } from './errors.js';
import { LEDGER_AMOUNT_LIMIT } from './constants.js';
import type { HoldOperation, LedgerEvent, Paise } from './ledger.js';

/**
 * What `ledger_append` takes for an event, checked first: whole paise within the ledger's
 * range, ceilings on credits, limits not negative, an idempotency key with its actor. The
 * event's id is drawn here. Shared by the single and the batched append (AppendBatches), so both send the same.
 */
export function appendPayload(event: LedgerEvent): Record<string, unknown> {
  for (const leg of event.legs) {
    assertPaise(leg.amount);
    if (
      leg.ceiling !== undefined &&
      (leg.amount < 0 || !(Number.isSafeInteger(leg.ceiling) && leg.ceiling >= 0))
    ) {
      throw new RangeError(`A ceiling goes on a credit and is whole paise; got ${leg.ceiling}.`);
    }
  }
  for (const change of event.limits ?? []) {
    if (!Number.isSafeInteger(change.overdraftLimit) || change.overdraftLimit < 0) {
      throw new RangeError(
        `An overdraft limit is a whole, non-negative number of paise; got ${change.overdraftLimit}.`,
      );
    }
    if (change.overdraftLimit > LEDGER_AMOUNT_LIMIT) {
      throw new LedgerError('out-of-range', "An overdraft limit is beyond the ledger's limit.");
    }
  }
  // Keys are unique per actor: a key without one would never match and protect nothing.
  if (event.idempotencyKey && !event.actorId) {
    throw new RangeError('An idempotency key needs the actor it belongs to.');
  }
  const id = randomUUID();
  return {
    id,
    type: event.type,
    stream: event.stream,
    data: event.data ?? {},
    metadata: event.metadata ?? {},
    actorId: event.actorId ?? null,
    idempotencyKey: event.idempotencyKey ?? null,
    requestHash: event.requestHash ?? null,
    legs: event.legs.map((leg) => ({
      account: leg.accountId,
      amount: leg.amount,
      ...(leg.ceiling !== undefined && { ceiling: leg.ceiling }),
    })),
    holds: (event.holds ?? []).map(toHoldPayload),
    limits: (event.limits ?? []).map((change) => ({
      account: change.accountId,
      overdraftLimit: change.overdraftLimit,
    })),
  };
}

function toHoldPayload(hold: HoldOperation) {
  switch (hold.op) {
    case 'place':
      assertPositive(hold.amount);
      return {
        op: 'place',
        hold: hold.holdId,
        account: hold.accountId,
        amount: hold.amount,
        expiresAt: hold.expiresAt?.toISOString() ?? null,
      };
    case 'post':
      assertPositive(hold.amount);
      return { op: 'post', hold: hold.holdId, amount: hold.amount };
    case 'void':
      return { op: 'void', hold: hold.holdId };
  }
}

function assertPaise(amount: Paise): void {
  if (!Number.isSafeInteger(amount) || amount === 0) {
    throw new RangeError(`A leg moves a whole, non-zero number of paise; got ${amount}.`);
  }
  if (Math.abs(amount) > LEDGER_AMOUNT_LIMIT) {
    throw new LedgerError('out-of-range', `A leg of ${amount} paise is beyond the ledger's limit.`);
  }
}

function assertPositive(amount: Paise): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`A hold amount is a positive whole number of paise; got ${amount}.`);
  }
}
