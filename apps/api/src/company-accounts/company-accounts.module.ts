import { Module } from '@nestjs/common';
import { CompanyAccountsController } from './company-accounts.controller.js';
import { CompanyAccountsRepository } from './company-accounts.repository.js';
import { GetCompanyAccountHandler } from './get-company-account.js';

/** The company's own accounts (Admin account screen); AccountsRepository comes from the global AccountsModule. */
@Module({
  controllers: [CompanyAccountsController],
  providers: [CompanyAccountsRepository, GetCompanyAccountHandler],
})
export class CompanyAccountsModule {}
