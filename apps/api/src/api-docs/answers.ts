import { SetMetadata } from '@nestjs/common';

/** What one operation answers when it succeeds, as apps/api/scripts/answer-schemas.mjs reads it. */
export interface OperationAnswer {
  /** The controller's folder: the operation's tag. */
  tag: string;
  /** The method's doc comment's first sentence, or its name in words. */
  summary: string;
  /** `@HttpCode` (or Nest's default: 201 for POST, 200 otherwise), then `@AnswersAlso`. */
  statuses: number[];
  /** `application/json`, or what `@ApiProduces` names for a file the method sends itself. */
  mediaTypes: string[];
  /** The JSON body's schema, from the method's return type (absent for a file). */
  schema?: object;
}

export type OperationAnswers = Record<string, OperationAnswer>;

/**
 * Other 2xx statuses a handler answers besides its `@HttpCode` (202 when an admin's move waits
 * for a second admin). Only the OpenAPI document reads it (the script reads the literal).
 */
export const AnswersAlso = (...statuses: number[]) => SetMetadata('khata:answers-also', statuses);
