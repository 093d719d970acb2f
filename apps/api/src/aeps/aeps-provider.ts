import type { AepsKind, MiniStatementLine, Paise } from '@khata/domain';
import type { RailAdapter, RailOutcome } from '../rail/rail-adapter.js';

/**
 * One AEPS transaction as the provider is asked to make it (issue 26). The Aadhaar number and
 * the PID block live only in memory for the one send: never stored, never logged. A send
 * without them (a crash before the first send, or the machine's resend after "not found") is
 * refused by the processor before it reaches the provider: a fingerprint cannot be replayed.
 */
export interface AepsRequest {
  /** The transaction id: our reference (IPAY's `externalRef`), the provider's idempotency key. */
  reference: string;
  kind: AepsKind;
  /** 12 digits, in memory only; the adapter encrypts it as the provider requires. */
  aadhaar: string;
  /** The RD service's PidData XML, in memory only; passed through as captured. */
  pid: string;
  bankIin: string;
  mobile: string;
  /** Paise; 0 for a balance enquiry or a mini statement. */
  amount: Paise;
  /** The shop (the terminal the provider knows). */
  shopId: string;
  /** The provider's reference of today's daily authentication (withdrawal and Aadhaar Pay). */
  agentAuthReference: string | null;
}

/** What the bank said besides the outcome: on `processed` and `failed` RailOutcomes' `details`. */
export interface AepsDetails {
  /** The customer's account balance after the transaction, paise (balance enquiry, withdrawal). */
  balance?: Paise | null;
  /** The mini statement's lines, newest first. */
  statement?: MiniStatementLine[] | null;
  /** A failure where the bank debited the customer: the T+5 reversal clock runs. */
  bankDebited?: boolean;
}

/** The agent's (the shop owner's) own biometric calls: e-KYC once, then the daily login. */
export type AgentAnswer = { ok: true; reference: string } | { ok: false; reason: string };

export interface AgentRegistration {
  shopId: string;
  aadhaar: string;
  pid: string;
}

export interface AgentDailyAuth {
  shopId: string;
  /** The India day it is for, `YYYY-MM-DD`. */
  day: string;
  pid: string;
}

/**
 * The AEPS provider behind the rail framework: send a transaction once per reference and say
 * what became of a reference (status enquiry), plus the agent's e-KYC and daily authentication.
 * The sandbox (sandbox-aeps-provider.ts) is the default; a real provider (InstantPay's
 * `/fi/aeps/*`, docs/api.md "AEPS") plugs in behind the same calls. Anything thrown is an
 * unknown outcome: the transaction stays processing and is asked about, never sent again.
 */
export abstract class AepsProvider implements RailAdapter<AepsRequest> {
  abstract send(request: AepsRequest): Promise<RailOutcome>;
  abstract status(reference: string): Promise<RailOutcome | { status: 'not-found' }>;
  abstract registerAgent(registration: AgentRegistration): Promise<AgentAnswer>;
  abstract dailyAuth(auth: AgentDailyAuth): Promise<AgentAnswer>;
}
