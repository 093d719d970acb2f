import {
  checkAadhaarLast4,
  checkKycAction,
  checkPan,
  fail,
  isUuid,
  KycMessages,
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

export const KYC_PAGE_SIZE_DEFAULT = 20;
const KYC_PAGE_SIZE_MAX = 100;

const absent = (value: unknown) => value === undefined || value === null || value === '';

function whole(min: number, max: number, label: string) {
  return (value: unknown): Check<number | undefined> => {
    if (absent(value)) return pass(undefined);
    const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max
      ? pass(n)
      : fail(`${label} must be a whole number from ${min} to ${max}.`);
  };
}

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

  @Satisfies(whole(1, 100_000, 'Page'))
  page?: number;

  @Satisfies(whole(1, KYC_PAGE_SIZE_MAX, 'Page size'))
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
