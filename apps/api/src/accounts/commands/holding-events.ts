import { ledgerStream } from '@khata/ledger';
import type { HoldingKind, Paise } from '@khata/domain';
import type { LedgerEvent } from '@khata/ledger';
import { createHash } from 'node:crypto';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';

/**
 * The ledger events of a lien or a security deposit (docs/decisions.md, "Issue 13: lien,
 * security deposit, overdraft, admin debit"): placed moves the amount from the wallet to the
 * user's lien (or security) account, under the wallet's floor, so a lien larger than what the
 * wallet has available is refused and a placed lien cannot be spent; released moves it back.
 * Both are on the holding's own stream, `lien:<id>` or `security:<id>`. The property test
 * (tests/integration/money-model.test.ts) builds its events here too.
 */
export const HOLDING_EVENT_TYPES = {
  lien: { placed: 'lien.placed', released: 'lien.released' },
  security: { placed: 'security.held', released: 'security.released' },
} as const;

export function holdingEvent(
  kind: HoldingKind,
  step: 'placed' | 'released',
  holding: { id: string; userId: string; amount: Paise; reason: string },
  accounts: { wallet: string; held: string },
): LedgerEvent {
  const sign = step === 'placed' ? 1 : -1;
  return {
    type: HOLDING_EVENT_TYPES[kind][step],
    stream: ledgerStream(kind, holding.id),
    legs: [
      { accountId: accounts.wallet, amount: -sign * holding.amount },
      { accountId: accounts.held, amount: sign * holding.amount },
    ],
    data: {
      holdingId: holding.id,
      userId: holding.userId,
      amount: holding.amount,
      reason: holding.reason,
    },
  };
}

/** Who, from where: the metadata every admin balance action's event carries. */
export function actionMetadata(
  admin: AuthUser,
  context: RequestContext,
  key: string,
): Record<string, unknown> {
  return {
    sessionId: admin.sessionId,
    ip: context.ip,
    latitude: context.latitude,
    longitude: context.longitude,
    requestId: context.requestId,
    idempotencyKey: key,
  };
}

/** What makes two requests "the same" for idempotency. */
export function requestHash(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
