import {
  APPROVAL_REASON_MAX,
  ApprovalMessages,
  fail,
  pass,
  type ApprovalDecisionRequest,
  type ApprovalListRequest,
} from '@khata/domain';
import { Satisfies } from '../common/http/satisfies.js';

export class ApprovalListDto implements ApprovalListRequest {
  @Satisfies((value) =>
    value === undefined || value === 'open' || value === 'decided'
      ? pass(value ?? 'open')
      : fail('State must be open or decided.'),
  )
  state?: 'open' | 'decided';
}

export class ApprovalDecisionDto implements ApprovalDecisionRequest {
  @Satisfies((value) =>
    typeof value === 'string' && value ? pass(value) : fail(ApprovalMessages.notFound),
  )
  id!: string;

  @Satisfies((value) =>
    value === 'approve' || value === 'reject' ? pass(value) : fail(ApprovalMessages.actionInvalid),
  )
  action!: 'approve' | 'reject';

  @Satisfies((value) => {
    if (value === undefined || value === null || value === '') return pass(undefined);
    if (typeof value !== 'string') return fail(ApprovalMessages.reasonRequired);
    const reason = value.trim();
    return reason.length > APPROVAL_REASON_MAX
      ? fail(ApprovalMessages.reasonTooLong)
      : pass(reason || undefined);
  })
  reason?: string;
}
