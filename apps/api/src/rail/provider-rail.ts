import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { type AccountCheck, BankRail, type RailTransfer } from './bank-rail.js';
import { type RailOutcome, RailUnavailableError } from './rail-adapter.js';

/** How long one call to the provider may take before its outcome counts as unknown. */
const CALL_TIMEOUT_MS = 10_000;

/** A provider's payout, as its API and its webhooks describe one. */
export interface ProviderPayout {
  /** Our reference: the payout id we sent as the idempotency key. */
  reference: string;
  status: string;
  utr?: string | null;
  reason?: string | null;
}

/**
 * What a provider's payout status means for us. Providers name states differently
 * (Razorpay X: queued, pending, processing, processed, reversed, cancelled, rejected, failed;
 * Cashfree: RECEIVED, PENDING, SUCCESS, FAILED, REVERSED, REJECTED): anything not final is
 * `pending`, so the worker asks again instead of guessing.
 */
export function outcomeOfProviderPayout(payout: ProviderPayout): RailOutcome {
  const status = payout.status.toLowerCase();
  if ((status === 'processed' || status === 'success') && payout.utr) {
    return { status: 'processed', utr: payout.utr };
  }
  if (status === 'reversed') {
    return {
      status: 'reversed',
      reason: payout.reason ?? 'Returned by the beneficiary bank.',
      ...(payout.utr ? { utr: payout.utr } : {}),
    };
  }
  if (['failed', 'rejected', 'cancelled'].includes(status)) {
    return { status: 'failed', reason: payout.reason ?? 'Refused by the bank.' };
  }
  return { status: 'pending' };
}

/**
 * Where a real payout provider (Razorpay X or Cashfree style) plugs in: a skeleton with the
 * parts that matter for money, to be completed against the chosen provider's API reference.
 *
 * - every send carries the payout id as the provider's idempotency key (`X-Payout-Idempotency`
 *   for Razorpay X), so a resend after a lost answer pays once;
 * - a timeout, a connection error or a 5xx is an unknown outcome (RailUnavailableError): the
 *   worker then only asks `status`, never sends blindly;
 * - `status` looks the payout up by our reference; the provider's 404 is `not-found`;
 * - the provider's signed webhooks arrive at `POST /api/webhooks/rail` (payouts module),
 *   verified with HMAC-SHA256 over the raw body (webhook-signature.ts).
 *
 * The paths and field names below are placeholders for the provider's own.
 */
@Injectable()
export class ProviderRail extends BankRail {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  async send(transfer: RailTransfer): Promise<RailOutcome> {
    const answer = await this.call('POST', '/payouts', {
      idempotencyKey: transfer.reference,
      body: {
        reference_id: transfer.reference,
        amount: transfer.amount,
        currency: 'INR',
        mode: transfer.mode,
        purpose: 'payout',
        fund_account: {
          account_type: 'bank_account',
          bank_account: {
            name: transfer.name,
            ifsc: transfer.ifsc,
            account_number: transfer.accountNumber,
          },
        },
      },
    });
    if (answer.status === 400 || answer.status === 422) {
      return { status: 'failed', reason: reasonOf(answer.body) ?? 'Refused by the bank.' };
    }
    // 409: the provider already has this reference; its status says what became of it.
    if (answer.status === 409) return { status: 'pending' };
    return outcomeOfProviderPayout(payoutOf(answer.body, transfer.reference));
  }

  async status(reference: string): Promise<RailOutcome | { status: 'not-found' }> {
    const answer = await this.call('GET', `/payouts?reference_id=${encodeURIComponent(reference)}`);
    if (answer.status === 404) return { status: 'not-found' };
    return outcomeOfProviderPayout(payoutOf(answer.body, reference));
  }

  async verifyAccount(account: { accountNumber: string; ifsc: string }): Promise<AccountCheck> {
    const answer = await this.call('POST', '/fund_accounts/validations', {
      body: { bank_account: { account_number: account.accountNumber, ifsc: account.ifsc } },
    });
    const name = (answer.body as { results?: { registered_name?: unknown } } | undefined)?.results
      ?.registered_name;
    return typeof name === 'string' && name.trim()
      ? { verified: true, payeeName: name.trim() }
      : {
          verified: false,
          reason: reasonOf(answer.body) ?? 'No account found with these details.',
        };
  }

  /** One HTTP call; a 5xx, a timeout or a network error is RailUnavailableError. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    { body, idempotencyKey }: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${this.config.rail.providerBaseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.config.rail.providerApiKey?.reveal()}`,
          'content-type': 'application/json',
          ...(idempotencyKey ? { 'x-payout-idempotency': idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new RailUnavailableError(
        `The payout provider did not answer: ${(error as Error).message}`,
      );
    }
    if (response.status >= 500 || response.status === 429) {
      throw new RailUnavailableError(`The payout provider answered ${response.status}.`);
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      throw new RailUnavailableError('The payout provider answered something that is not JSON.');
    }
    if (response.status === 401 || response.status === 403) {
      throw new RailUnavailableError('The payout provider refused our credentials.');
    }
    return { status: response.status, body: parsed };
  }
}

function payoutOf(body: unknown, reference: string): ProviderPayout {
  const item = (body as { items?: unknown[] } | undefined)?.items?.[0] ?? body;
  const payout = item as { status?: unknown; utr?: unknown; failure_reason?: unknown };
  if (typeof payout?.status !== 'string') {
    throw new RailUnavailableError('The payout provider answered without a payout status.');
  }
  return {
    reference,
    status: payout.status,
    utr: typeof payout.utr === 'string' ? payout.utr : null,
    reason: typeof payout.failure_reason === 'string' ? payout.failure_reason : null,
  };
}

function reasonOf(body: unknown): string | undefined {
  const error = (body as { error?: { description?: unknown } } | undefined)?.error?.description;
  return typeof error === 'string' ? error : undefined;
}
