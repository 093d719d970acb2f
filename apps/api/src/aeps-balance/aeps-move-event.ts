import { MAX_WALLET_BALANCE, type Paise } from '@khata/domain';
import { creditParty, debitParty, ledgerStream, openedRecord } from '@khata/ledger';
import { createHash, randomUUID } from 'node:crypto';
import type { AuthUser } from '../auth/auth-user.js';
import type { RequestContext } from '../common/http/request-context.js';
import type { ProjectedEvent } from '../transactions/projected-appends.repository.js';

export const AEPS_MOVED_EVENT = 'aeps-balance.moved';

/** What the move is made of: whose, which two accounts, how much, and the request around it. */
export interface AepsMoveFacts {
  user: Pick<AuthUser, 'userId' | 'sessionId'>;
  aepsAccountId: string;
  walletAccountId: string;
  amount: Paise;
  idempotencyKey: string;
  context: RequestContext;
}

/**
 * The ledger event of a move: one debit of the `aeps` account, one credit of the wallet, in one
 * `ledger_append` (one transaction). The append's floor check under the account's row lock is
 * what keeps the AEPS balance from going below zero, however many moves race: the `aeps`
 * account has no overdraft (only a wallet's limit can be set) and is not floor-exempt, and a
 * settlement's hold on it counts against it. The wallet's ceiling is the ledger's too.
 *
 * The record has both sides as parties, so each account's ledger report names the line. The
 * read model keeps one row per transaction and user (its key), and both parties are the same
 * user: the first party, the credit to the wallet, is the row the transaction report shows, with
 * the wallet's balance after it.
 */
export function aepsMoveEvent(facts: AepsMoveFacts): ProjectedEvent {
  const { user, amount } = facts;
  const record = openedRecord({
    type: 'aepsToWallet',
    status: 'success',
    parties: [
      creditParty({
        userId: user.userId,
        accountId: facts.walletAccountId,
        amount,
        details: { senderName: 'AEPS balance', senderMobile: null },
      }),
      debitParty({ userId: user.userId, accountId: facts.aepsAccountId, amount }),
    ],
    details: { beneficiaryName: 'Main wallet', beneficiaryMobile: null, remark: null },
    remitterMobile: null,
  });
  return {
    type: AEPS_MOVED_EVENT,
    stream: ledgerStream('aeps-move', randomUUID()),
    legs: [
      { accountId: facts.aepsAccountId, amount: -amount },
      { accountId: facts.walletAccountId, amount, ceiling: MAX_WALLET_BALANCE },
    ],
    data: { record },
    metadata: {
      sessionId: user.sessionId,
      ip: facts.context.ip,
      latitude: facts.context.latitude,
      longitude: facts.context.longitude,
      requestId: facts.context.requestId,
    },
    actorId: user.userId,
    idempotencyKey: facts.idempotencyKey,
    // The same key with another amount is another request: the ledger refuses it (409).
    requestHash: createHash('sha256')
      .update(JSON.stringify([AEPS_MOVED_EVENT, user.userId, amount]))
      .digest('hex'),
  };
}
