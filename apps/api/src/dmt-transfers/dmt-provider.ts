import type { DmtMode, Paise, TransferProduct } from '@khata/domain';
import { type RailAdapter, type RailOutcome, RailUnavailableError } from '../rail/rail-adapter.js';

/** One DMT transfer as the provider is asked to make it. */
export interface DmtTransferRequest {
  /** The transfer id: our reference (IPAY's `externalRef`), the provider's idempotency key. */
  reference: string;
  /**
   * DMT, or PPI (paid from the sender's prepaid wallet): a real integration routes a PPI
   * transfer to the PPI provider's API (Eko's PPI initiate and inquiry) behind these two calls.
   */
  product: TransferProduct;
  remitterMobile: string;
  accountNumber: string;
  ifsc: string;
  beneficiaryName: string;
  amount: Paise;
  mode: DmtMode;
}

/**
 * The DMT provider behind the rail framework (issue 25): send a transfer once per reference,
 * and say what became of a reference (status enquiry). The sandbox (sandbox-dmt-provider.ts)
 * is the default; a real provider (IPAY v2 remittance, docs/api.md "DMT transfers") plugs in
 * behind the same two calls. Anything thrown is an unknown outcome: the transfer stays
 * processing and is asked about, never sent again blindly.
 */
export abstract class DmtProvider implements RailAdapter<DmtTransferRequest> {
  abstract send(request: DmtTransferRequest): Promise<RailOutcome>;
  abstract status(reference: string): Promise<RailOutcome | { status: 'not-found' }>;
}

/**
 * A provider's answer in IPAY v2's envelope (`statuscode`, `status`, `data`; india-rails.md
 * §1.3), the shape the sandbox answers in too, so both go through the same reading.
 */
export interface DmtProviderAnswer {
  statuscode: string;
  status?: string;
  data?: { externalRef?: string; txnReferenceId?: string | null } | null;
}

/** Final failures before any money reached the beneficiary (IPAY: ERR, FAB, IAB; TXF elsewhere). */
const FAILED_CODES = new Set(['ERR', 'FAB', 'IAB', 'TXF']);
/** The provider has no such transaction (its status enquiry): never taken, safe to send. */
const NOT_FOUND_CODES = new Set(['TNF']);

/**
 * What a provider's answer means for the transfer. `TXN` with a bank reference is success;
 * `TRP` (refund processed) after success is a return; the failure codes fail it; a duplicate
 * (`DTX`, `DID`), under process (`TUP`), downtime or any code we do not know is pending, asked
 * again later (the gateways' own rule: "any other code → pending"). An answer that is not the
 * envelope at all throws: its outcome is unknown, so the transfer stays processing.
 */
export function outcomeOfDmtAnswer(answer: unknown): RailOutcome | { status: 'not-found' } {
  if (typeof answer !== 'object' || answer === null) throw unreadable();
  const { statuscode, status, data } = answer as Partial<DmtProviderAnswer>;
  if (typeof statuscode !== 'string' || !/^[A-Z]{3}$/.test(statuscode)) throw unreadable();
  const message = typeof status === 'string' && status.trim() ? status.trim() : undefined;
  const utr = typeof data?.txnReferenceId === 'string' ? data.txnReferenceId.trim() : '';
  if (statuscode === 'TXN') return utr ? { status: 'processed', utr } : { status: 'pending' };
  if (statuscode === 'TRP') {
    return { status: 'reversed', reason: message ?? 'Returned by the beneficiary bank.' };
  }
  if (FAILED_CODES.has(statuscode)) {
    return { status: 'failed', reason: message ?? 'The transfer failed at the bank.' };
  }
  if (NOT_FOUND_CODES.has(statuscode)) return { status: 'not-found' };
  return { status: 'pending' };
}

/** A send is never answered "not found": only a status enquiry can say the provider never took it. */
export function sendOutcomeOf(answer: unknown): RailOutcome {
  const outcome = outcomeOfDmtAnswer(answer);
  return outcome.status === 'not-found' ? { status: 'pending' } : outcome;
}

function unreadable(): RailUnavailableError {
  return new RailUnavailableError('The DMT provider answered something unreadable.');
}
