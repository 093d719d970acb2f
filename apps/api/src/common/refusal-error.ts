import type { Refusal } from '@khata/domain';
import { AppError } from './errors.js';

/** A pure decision's refusal (libs/domain `Refusal`) as the error a handler throws. */
export function refusalError({ kind, message }: Refusal): AppError {
  return new AppError(kind, message);
}
