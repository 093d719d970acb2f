import { ERROR_CODES, type ErrorCode } from '@khata/domain';

/**
 * What went wrong, in business terms. Handlers throw these; only the HTTP filter turns the
 * kind into a status (API.md, "Conventions"), so no handler knows about HTTP.
 */
export const ErrorKind = {
  Invalid: 'invalid',
  Unauthenticated: 'unauthenticated',
  Forbidden: 'forbidden',
  NotFound: 'not_found',
  Conflict: 'conflict',
  Refused: 'refused',
  TooManyTries: 'too_many_tries',
  Unavailable: 'unavailable',
} as const;
export type ErrorKind = (typeof ErrorKind)[keyof typeof ErrorKind];

export class AppError extends Error {
  override readonly name = 'AppError';

  /**
   * A refusal with a numeric code of the catalogue (libs/domain `ERROR_CODES`): its status and
   * default message come from there, so the code, the status and the words cannot disagree.
   */
  static coded(
    code: ErrorCode,
    options: { message?: string; fields?: Readonly<Record<string, string | number>> } = {},
  ): AppError {
    const entry = ERROR_CODES[code];
    return new AppError(
      KIND_BY_STATUS[entry.status]!,
      options.message ?? entry.message,
      code,
      options.fields,
    );
  }

  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** The numeric code a client acts on, e.g. 2211 for a revoked session (spec §4). */
    readonly code?: number,
    /** More fields of the answer, beside `message` and `code` (e.g. the 2211 `reason`). */
    readonly fields?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
  }
}

export const HTTP_STATUS_BY_KIND: Readonly<Record<ErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  refused: 422,
  too_many_tries: 429,
  unavailable: 503,
};

const KIND_BY_STATUS: Readonly<Record<number, ErrorKind>> = Object.fromEntries(
  Object.entries(HTTP_STATUS_BY_KIND).map(([kind, status]) => [status, kind as ErrorKind]),
);
