import { LedgerError } from '@khata/ledger';
import { AppError } from '../../apps/api/src/common/errors.js';

/**
 * What a command was refused with, as the handler said it (its kind and its words); the HTTP
 * status of each kind is the integration tier's business. A refusal of the ledger itself reads
 * `ledger:<its kind>` (the HTTP filter words it). Fails if the command went through, or failed
 * with anything else.
 */
export async function refusalOf(
  work: Promise<unknown>,
): Promise<{ kind: string; message: string }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return { kind: error.kind, message: error.message };
    if (error instanceof LedgerError)
      return { kind: `ledger:${error.kind}`, message: error.message };
    throw error;
  }
  throw new Error('The command was expected to be refused, and went through.');
}
