import {
  checkAadhaarLast4,
  checkKycAction,
  checkPan,
  fail,
  isUuid,
  KycMessages,
  pagingOf,
  pass,
  type AddPanRequest,
  type Check,
  type KycDecisionRequest,
  type KycQueueRequest,
  type KycSubmissionState,
  type KycSubmitFields,
} from '@khata/domain';
import { Allow } from 'class-validator';
import { Satisfies } from '../common/http/satisfies.js';

/** The KYC queue: pages of up to 100, 20 by default. */
export const kycQueuePaging = pagingOf(100, 20);

const absent = (value: unknown) => value === undefined || value === null || value === '';

export function checkQueueState(value: unknown): Check<KycSubmissionState | undefined> {
  if (absent(value)) return pass(undefined);
  return value === 'submitted' || value === 'approved' || value === 'rejected'
    ? pass(value)
    : fail(KycMessages.stateInvalid);
}

export function checkSubmissionId(value: unknown): Check<string> {
  return isUuid(value) ? pass(value) : fail(KycMessages.idInvalid);
}

/** The text fields of the multipart KYC form; the photo comes as the file `shopPhoto`. */
export class SubmitKycDto implements KycSubmitFields {
  @Satisfies(checkPan)
  pan!: string;

  @Satisfies(checkAadhaarLast4)
  aadhaarLast4!: string;
}

/** POST /api/user/pan: the dashboard's PAN task. */
export class AddPanDto implements AddPanRequest {
  @Satisfies(checkPan)
  pan!: string;
}

export class KycQueueDto implements KycQueueRequest {
  @Satisfies(checkQueueState)
  state?: KycSubmissionState;

  @Satisfies(kycQueuePaging.checkPage)
  page?: number;

  @Satisfies(kycQueuePaging.checkPageSize)
  pageSize?: number;
}

export class KycDecisionDto implements KycDecisionRequest {
  @Satisfies(checkSubmissionId)
  id!: string;

  @Satisfies(checkKycAction)
  action!: 'approve' | 'reject';

  /** Checked with the action (required to reject) by the handler's rule. */
  @Allow()
  reason?: string;
}
