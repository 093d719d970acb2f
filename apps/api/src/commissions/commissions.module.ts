import { Module } from '@nestjs/common';
import { NetworkModule } from '../network/network.module.js';
import { UsersModule } from '../users/users.module.js';
import { AddTaxRateHandler } from './commands/add-tax-rate.js';
import { AssignSchemeHandler } from './commands/assign-scheme.js';
import { SaveSchemeHandler } from './commands/save-scheme.js';
import { SetDefaultSchemeHandler } from './commands/set-default-scheme.js';
import { SetPayoutRatesHandler } from './commands/set-payout-rates.js';
import { CommissionsController } from './commissions.controller.js';
import { CommissionsRepository } from './commissions.repository.js';
import {
  GetProfitHandler,
  GetSchemeAssignmentsHandler,
  ListEarnersWithoutPanHandler,
  ListSchemesHandler,
  ListTaxRatesHandler,
} from './queries/commission-queries.js';

/**
 * Commission schemes, tax rates and My profit (issue 13; commands and queries since issue 24).
 * PayoutsModule imports it for the scheme in force at request and the split at `processed`.
 */
@Module({
  imports: [NetworkModule, UsersModule],
  controllers: [CommissionsController],
  providers: [
    CommissionsRepository,
    SaveSchemeHandler,
    SetDefaultSchemeHandler,
    AssignSchemeHandler,
    SetPayoutRatesHandler,
    AddTaxRateHandler,
    ListSchemesHandler,
    ListEarnersWithoutPanHandler,
    GetSchemeAssignmentsHandler,
    ListTaxRatesHandler,
    GetProfitHandler,
  ],
  exports: [CommissionsRepository],
})
export class CommissionsModule {}
