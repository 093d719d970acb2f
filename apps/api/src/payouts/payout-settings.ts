import { ConfigError } from '../config/config.js';

/**
 * Timings of the payout pipeline. Read once when the payouts module starts.
 * TODO(lead): fold into AppConfig (config.ts) so nothing but the config reads process.env.
 */
export interface PayoutSettings {
  /** How often each process relays outbox rows a request could not hand to the queue itself. */
  relayIntervalMs: number;
  /** How often each worker looks for payouts due a check (stale in flight, late returns). */
  sweepIntervalMs: number;
  /** A payout queued or processing this long without news is looked at by the sweep. */
  staleAfterMs: number;
  /** After a payout is processed, first ask the rail about a late return after this long. */
  returnCheckAfterMs: number;
  /** Stop asking about late returns this long after the payout was processed. */
  returnWindowMs: number;
  /**
   * A send the rail says it never received is sent again only once it is this old, so it can
   * no longer be on its way (the provider adapter gives up on a call after 10 s).
   */
  resendAfterMs: number;
}

export const PAYOUT_SETTINGS = Symbol('PAYOUT_SETTINGS');

const MINUTE = 60_000;

export function loadPayoutSettings(env: NodeJS.ProcessEnv): PayoutSettings {
  return {
    relayIntervalMs: ms(env, 'PAYOUT_RELAY_INTERVAL_MS', 1000, 50),
    sweepIntervalMs: ms(env, 'PAYOUT_SWEEP_INTERVAL_MS', 5000, 50),
    staleAfterMs: ms(env, 'PAYOUT_STALE_AFTER_MS', 2 * MINUTE, 0),
    returnCheckAfterMs: ms(env, 'PAYOUT_RETURN_CHECK_AFTER_MS', 60 * MINUTE, 0),
    returnWindowMs: ms(env, 'PAYOUT_RETURN_WINDOW_MS', 3 * 24 * 60 * MINUTE, 0),
    resendAfterMs: ms(env, 'PAYOUT_RESEND_AFTER_MS', 30_000, 0),
  };
}

function ms(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,10}$/.test(value) || Number(value) < min) {
    throw new ConfigError(
      `${name} must be a whole number of milliseconds, at least ${min}; it is "${value}".`,
    );
  }
  return Number(value);
}
