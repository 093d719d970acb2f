import { Command } from '@nestjs/cqrs';
import type { PayoutKind } from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import type { RequestContext } from '../../common/http/request-context.js';
import type { TransactionRecord } from '../../transactions/transaction-record.js';

export interface PayoutRequested {
  record: TransactionRecord;
  /** A repeat of an earlier request with the same Idempotency-Key: nothing moved this time. */
  replayed: boolean;
}

/** The body of spec §7 `/payment/bankTransfer` and `/admin/unlimitedPayout`, as sent. */
export interface PayoutBody {
  amount?: unknown;
  beneficiaryName?: unknown;
  beneficiaryAccountNumber?: unknown;
  beneficiaryIfscCode?: unknown;
  paymentMode?: unknown;
  /** Sent again after the user confirmed a repeat within the duplicate window. */
  confirmDuplicate?: boolean;
}

/**
 * A payout to one of the caller's saved beneficiaries (or an AEPS settlement to an approved
 * AEPS account): validated, held on the ledger, written with its outbox row, answered at once.
 * With `apiKeyId` it comes from a partner's signed API call: the key and its signature stand
 * in for the PIN, and the payee is the one in the body, not a saved beneficiary
 * (docs/decisions.md, "Issue 12: partners").
 */
export class RequestPayoutCommand extends Command<PayoutRequested> {
  constructor(
    readonly actor: AuthUser,
    readonly kind: PayoutKind,
    readonly unlimited: boolean,
    readonly body: PayoutBody,
    readonly pin: unknown,
    readonly idempotencyKey: string,
    readonly context: RequestContext,
    readonly apiKeyId?: string,
  ) {
    super();
  }
}
