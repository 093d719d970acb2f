import type { RecordMoved, RecordOpened, RecordParty, RecordStatus } from './records.js';

/**
 * The one way to write a record's facts (`data.record`): every writer builds them here, so the
 * JSON in the log has one shape (the same keys, `fee` 0 and not absent, the same nulls) whoever
 * wrote it. Only the shape lives here: who a party is, and what its details say (the sender of
 * a Khata credit…), is the writer's to decide.
 */

/** A party's side of the money: its principal and, when it pays one, its fee (0 otherwise). */
export interface PartyFields {
  userId: string;
  accountId: string;
  /** Principal in paise, positive. */
  amount: number;
  /** Fee in paise charged to this party; 0 when left out. */
  fee?: number;
  /** What only this party's record shows (RecordParty.details); left out of the JSON when none. */
  details?: Record<string, unknown>;
}

/** The party whose account pays. */
export function debitParty(fields: PartyFields): RecordParty {
  return party('debit', fields);
}

/** The party whose account is paid. */
export function creditParty(fields: PartyFields): RecordParty {
  return party('credit', fields);
}

function party(
  direction: RecordParty['direction'],
  { userId, accountId, amount, fee = 0, details }: PartyFields,
): RecordParty {
  return { userId, accountId, direction, amount, fee, ...(details && { details }) };
}

/**
 * The facts a stream's first event opens its records with. `remitterMobile` and `externalRef`
 * are written as given: a null is kept, a field left out stays out of the JSON.
 */
export function openedRecord(fields: Omit<RecordOpened, 'kind'>): RecordOpened {
  const { type, status, parties, details, remitterMobile, externalRef } = fields;
  return {
    kind: 'open',
    type,
    status,
    parties,
    details,
    ...(remitterMobile !== undefined && { remitterMobile }),
    ...(externalRef !== undefined && { externalRef }),
  };
}

/** What a later event of the stream says: its status, with the bank's reference and why. */
export interface MovedFacts {
  /** Bank reference / UTR once known. */
  externalRef?: string | null;
  /** Why, for failed and reversed. */
  message?: string | null;
}

/** A status move; a reference or a reason not given is written as null. */
export function movedRecord(status: RecordStatus, facts: MovedFacts = {}): RecordMoved {
  return {
    kind: 'status',
    status,
    externalRef: facts.externalRef ?? null,
    message: facts.message ?? null,
  };
}
