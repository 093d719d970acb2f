import { SetMetadata } from '@nestjs/common';
import type { ErrorCode } from '@khata/domain';

export const ANSWERS_CODES = 'khata:answers-codes';

/**
 * The catalogue codes (libs/domain `ERROR_CODES`) a handler itself can answer, beyond those of
 * its access rule: the OpenAPI document (/api/docs) lists each under its status.
 */
export const AnswersCodes = (...codes: ErrorCode[]) => SetMetadata(ANSWERS_CODES, codes);
