import { describe, expect, it } from '@jest/globals';
import { loadRailSettings } from './rail-settings.js';

describe('rail settings', () => {
  it('defaults to the sandbox with no latency and a one-minute late return', () => {
    expect(loadRailSettings({})).toMatchObject({
      adapter: 'sandbox',
      sandboxLatencyMs: 0,
      sandboxReturnAfterMs: 60_000,
    });
  });

  it('refuses an unknown adapter, a provider without its settings, and a bad latency', () => {
    expect(() => loadRailSettings({ RAIL_ADAPTER: 'bank' })).toThrow(
      'RAIL_ADAPTER must be sandbox or provider; it is "bank".',
    );
    expect(() => loadRailSettings({ RAIL_ADAPTER: 'provider' })).toThrow(
      'RAIL_ADAPTER=provider needs RAIL_PROVIDER_URL, RAIL_PROVIDER_KEY and RAIL_PROVIDER_WEBHOOK_SECRET.',
    );
    expect(() => loadRailSettings({ RAIL_SANDBOX_LATENCY_MS: '-1' })).toThrow(
      'RAIL_SANDBOX_LATENCY_MS must be a whole number of milliseconds',
    );
  });
});
