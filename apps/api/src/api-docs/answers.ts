import { SetMetadata } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

// The package exports the document's type but not its parts.
export type OperationObject = NonNullable<OpenAPIObject['paths'][string]['get']>;
export type ResponseObject = Extract<OperationObject['responses'][string], { description: string }>;
export type SchemaObject = Exclude<
  NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string],
  { $ref: string }
>;

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
 * Other statuses a handler sends itself besides its `@HttpCode`, with the same body type (202
 * when an admin's move waits for a second admin, the health report's 503). Only the OpenAPI document reads it (the script reads the literal).
 */
export const AnswersAlso = (...statuses: number[]) => SetMetadata('khata:answers-also', statuses);

const STATUS_TEXT: Record<number, string> = {
  200: 'Done.',
  201: 'Created.',
  202: 'Accepted: waiting for a second admin (`pendingApproval`).',
  303: 'See the `Location` header.',
};

/**
 * The operation's tag (its feature folder), summary, and its success answers with their schema,
 * from apps/api/scripts/answer-schemas.mjs (the method's return type; libs/domain's contract
 * types by name). @nestjs/swagger's own 2xx guess (201 for every POST) is dropped.
 */
export function describeAnswer(operation: OperationObject, answer: OperationAnswer): void {
  operation.tags = [answer.tag];
  operation.summary = answer.summary;
  const responses = (operation.responses ??= {});
  for (const status of Object.keys(responses)) if (/^[23]/.test(status)) delete responses[status];
  for (const status of answer.statuses) {
    const content =
      status >= 300 && status < 400
        ? undefined
        : Object.fromEntries(
            answer.mediaTypes.map((type) => [
              type,
              { schema: answer.schema ?? { type: 'string', format: 'binary' } },
            ]),
          );
    responses[String(status)] = {
      description: STATUS_TEXT[status] ?? 'Done.',
      ...(content && { content }),
    } as ResponseObject;
  }
}
