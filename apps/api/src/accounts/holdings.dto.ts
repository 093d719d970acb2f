import {
  BalanceMessages,
  checkBalanceAmount,
  checkOverdraftLimit,
  checkReason,
  fail,
  isUuid,
  pass,
  type Check,
  type Paise,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';

function checkUser(value: unknown): Check<string> {
  return isUuid(value) ? pass(value) : fail(BalanceMessages.userRequired);
}

function checkHoldingId(value: unknown): Check<string> {
  return isUuid(value) ? pass(value) : fail(BalanceMessages.lienNotFound);
}

/** `/admin/lien`, `/admin/securityDeposit`: body userId, amount (rupees), reason; PIN and Idempotency-Key headers. */
export class PlaceHoldingDto {
  @Satisfies(checkUser)
  userId!: string;

  /** Sent as rupees; once validated, the paise it names. */
  @Satisfies(checkBalanceAmount)
  amount!: Paise;

  @Satisfies(checkReason)
  reason!: string;
}

/** `/admin/lien/release`, `/admin/securityDeposit/release`: body id, reason. */
export class ReleaseHoldingDto {
  @Satisfies(checkHoldingId)
  id!: string;

  @Satisfies(checkReason)
  reason!: string;
}

/** `/admin/holdings`: body userId. */
export class HoldingsDto {
  @Satisfies(checkUser)
  userId!: string;
}

/** `/admin/overdraft`: body userId, limit (rupees, 0 ends it), reason. */
export class SetOverdraftDto {
  @Satisfies(checkUser)
  userId!: string;

  @Satisfies(checkOverdraftLimit)
  limit!: Paise;

  @Satisfies(checkReason)
  reason!: string;
}
