import {
  checkBalanceAmount,
  checkReason,
  checkMobile,
  checkTransferAmount,
  fail,
  pass,
  type Check,
  type CreditWalletRequest,
  type Paise,
  checkUserId,
  type SendMoneyRequest,
  type SendToDownlineRequest,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';

const REMARK_MAX_LENGTH = 200;

function checkRemark(value: unknown): Check<string | undefined> {
  if (value === undefined || value === null || value === '') return pass(undefined);
  if (typeof value !== 'string') return fail('Remarks must be text.');
  if (value.length > REMARK_MAX_LENGTH)
    return fail(`Remarks can be at most ${REMARK_MAX_LENGTH} characters.`);
  return pass(value.trim());
}

/** The holder's name as the console showed it (spec §7); informational, the mobile decides. */
function checkShownName(value: unknown): Check<string | undefined> {
  if (value === undefined || value === null) return pass(undefined);
  return typeof value === 'string' && value.length <= 120
    ? pass(value)
    : fail('Name must be at most 120 characters.');
}

/** spec §7 `/user/sendMoneyToWallet`: body mobile, amount, remark, name; PIN in the header. */
export class SendMoneyDto implements SendMoneyRequest {
  @Satisfies(checkMobile)
  mobile!: string;

  /** Sent as rupees (a number or a decimal string); once validated, the paise it names. */
  @Satisfies(checkTransferAmount)
  amount!: Paise;

  @Satisfies(checkRemark)
  remark?: string;

  @Satisfies(checkShownName)
  name?: string;
}

/** API.md `/admin/creditWallet`: body mobile, amount, remark; PIN and Idempotency-Key headers. */
export class CreditWalletDto implements CreditWalletRequest {
  @Satisfies(checkMobile)
  mobile!: string;

  /** Sent as rupees (a number or a decimal string); once validated, the paise it names. */
  @Satisfies(checkTransferAmount)
  amount!: Paise;

  @Satisfies(checkRemark)
  remark?: string;
}

/** Issue 23 `/user/sendMoneyToDownline`: body userId, amount, remark; PIN and Idempotency-Key headers. */
export class SendToDownlineDto implements SendToDownlineRequest {
  @Satisfies(checkUserId)
  userId!: string;

  /** Sent as rupees; once validated, the paise it names. */
  @Satisfies(checkTransferAmount)
  amount!: Paise;

  @Satisfies(checkRemark)
  remark?: string;
}

export const remarkOf = (value: unknown): string | undefined => {
  const result = checkRemark(value);
  return result.ok ? result.value : undefined;
};

/** `/admin/debitWallet` (issue 13): body mobile, amount, reason; PIN and Idempotency-Key headers. */
export class DebitWalletDto {
  @Satisfies(checkMobile)
  mobile!: string;

  /** Sent as rupees; once validated, the paise it names. */
  @Satisfies(checkBalanceAmount)
  amount!: Paise;

  @Satisfies(checkReason)
  reason!: string;
}
