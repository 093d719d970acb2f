/** Every answer of the API carries `success` (API.md, "Conventions"). */
export interface Ok {
  success: true;
  message?: string;
}

/** An answer whose only news is its message (`Logged out of this session.`). */
export interface MessageAnswer extends Ok {
  message: string;
}

/** A refusal or failure: the message to show and, where a client acts on it, a numeric code. */
export interface ErrorAnswer {
  success: false;
  message: string;
  code?: number;
  /** More fields beside the message, e.g. the 2211 `reason`. */
  [field: string]: unknown;
}

/** A day range in India time, both ends inclusive, `YYYY-MM-DD`. */
export interface DayRange {
  from?: string;
  to?: string;
}

/** Pages count from 1. Numbers may arrive as digit strings from query-like clients. */
export interface PageRequest {
  page?: number | string;
  pageSize?: number | string;
}
