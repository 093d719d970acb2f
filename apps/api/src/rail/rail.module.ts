import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { BankRail } from './bank-rail.js';
import { ProviderRail } from './provider-rail.js';
import { SandboxRail } from './sandbox-rail.js';

/**
 * The bank rail every feature uses (payouts send, beneficiaries verify). The sandbox is the
 * default adapter; RAIL_ADAPTER=provider plugs a real payout provider in behind `BankRail`.
 */
@Global()
@Module({
  providers: [
    SandboxRail,
    ProviderRail,
    {
      provide: BankRail,
      inject: [APP_CONFIG, SandboxRail, ProviderRail],
      useFactory: (config: AppConfig, sandbox: SandboxRail, provider: ProviderRail) =>
        config.rail.adapter === 'provider' ? provider : sandbox,
    },
  ],
  exports: [BankRail],
})
export class RailModule {}
