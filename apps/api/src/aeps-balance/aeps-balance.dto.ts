import { checkAepsMoveAmount, type AepsBalanceMoveRequest, type Paise } from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';

/** `POST /api/aeps/balance/move`: body `amount`; PIN and Idempotency-Key in the headers. */
export class MoveAepsBalanceDto implements AepsBalanceMoveRequest {
  /** Sent as rupees (a number or a decimal string); once validated, the paise it names. */
  @Satisfies(checkAepsMoveAmount)
  amount!: Paise;
}
