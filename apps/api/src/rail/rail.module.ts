import { Global, Module } from '@nestjs/common';
import { BankRail } from './bank-rail.js';
import { ProviderRail } from './provider-rail.js';
import { loadRailSettings, RAIL_SETTINGS, type RailSettings } from './rail-settings.js';
import { SandboxRail } from './sandbox-rail.js';

/**
 * The bank rail every feature uses (payouts send, beneficiaries verify). The sandbox is the
 * default adapter; RAIL_ADAPTER=provider plugs a real payout provider in behind `BankRail`.
 */
@Global()
@Module({
  providers: [
    { provide: RAIL_SETTINGS, useFactory: (): RailSettings => loadRailSettings(process.env) },
    SandboxRail,
    ProviderRail,
    {
      provide: BankRail,
      inject: [RAIL_SETTINGS, SandboxRail, ProviderRail],
      useFactory: (settings: RailSettings, sandbox: SandboxRail, provider: ProviderRail) =>
        settings.adapter === 'provider' ? provider : sandbox,
    },
  ],
  exports: [BankRail, RAIL_SETTINGS],
})
export class RailModule {}
