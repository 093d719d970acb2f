import { Module } from '@nestjs/common';
import { DmtModule } from '../dmt/dmt.module.js';
import { PpiController } from './ppi.controller.js';
import { PpiWalletProvider, SandboxPpiWalletProvider } from './ppi-wallet-provider.js';
import { PpiWallets } from './ppi-wallets.js';
import { PpiWalletsRepository } from './ppi-wallets.repository.js';
import { LookUpPpiSenderHandler } from './queries/look-up-sender.js';

/**
 * PPI money transfer's senders (issue 25): DMT's remitters with a prepaid wallet at the PPI
 * provider (the sandbox until a real one is bound here). Exports `PpiWallets`, which DMT
 * transfers read when the product is PPI; the transfers themselves are DMT's.
 */
@Module({
  imports: [DmtModule],
  controllers: [PpiController],
  providers: [
    PpiWallets,
    PpiWalletsRepository,
    SandboxPpiWalletProvider,
    { provide: PpiWalletProvider, useExisting: SandboxPpiWalletProvider },
    LookUpPpiSenderHandler,
  ],
  exports: [PpiWallets],
})
export class PpiModule {}
