import { ConfigError } from '../config/config.js';

/**
 * How the bank rail behaves in this process. Read once when the rail module starts.
 * TODO(lead): fold into AppConfig (config.ts) so nothing but the config reads process.env.
 */
export interface RailSettings {
  /** `sandbox` (default) or `provider` (a real payout provider behind the same interface). */
  adapter: 'sandbox' | 'provider';
  /** Milliseconds each sandbox call takes, to make payouts visibly asynchronous in demos. */
  sandboxLatencyMs: number;
  /** How long a sandbox late-return account stays `processed` before the bank returns it. */
  sandboxReturnAfterMs: number;
  /** Provider adapter: base URL, API key and the secret its webhooks are signed with. */
  providerBaseUrl: string | undefined;
  providerApiKey: string | undefined;
  providerWebhookSecret: string | undefined;
}

export const RAIL_SETTINGS = Symbol('RAIL_SETTINGS');

export function loadRailSettings(env: NodeJS.ProcessEnv): RailSettings {
  const adapter = env.RAIL_ADAPTER ?? 'sandbox';
  if (adapter !== 'sandbox' && adapter !== 'provider') {
    throw new ConfigError(`RAIL_ADAPTER must be sandbox or provider; it is "${adapter}".`);
  }
  const settings: RailSettings = {
    adapter,
    sandboxLatencyMs: wholeNumber('RAIL_SANDBOX_LATENCY_MS', env.RAIL_SANDBOX_LATENCY_MS, 0),
    sandboxReturnAfterMs: wholeNumber(
      'RAIL_SANDBOX_RETURN_AFTER_MS',
      env.RAIL_SANDBOX_RETURN_AFTER_MS,
      60_000,
    ),
    providerBaseUrl: env.RAIL_PROVIDER_URL || undefined,
    providerApiKey: env.RAIL_PROVIDER_KEY || undefined,
    providerWebhookSecret: env.RAIL_PROVIDER_WEBHOOK_SECRET || undefined,
  };
  if (
    adapter === 'provider' &&
    (!settings.providerBaseUrl || !settings.providerApiKey || !settings.providerWebhookSecret)
  ) {
    throw new ConfigError(
      'RAIL_ADAPTER=provider needs RAIL_PROVIDER_URL, RAIL_PROVIDER_KEY and RAIL_PROVIDER_WEBHOOK_SECRET.',
    );
  }
  return settings;
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,7}$/.test(value)) {
    throw new ConfigError(`${name} must be a whole number of milliseconds; it is "${value}".`);
  }
  return Number(value);
}
