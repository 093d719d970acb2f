import { Module } from '@nestjs/common';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { ActOnComplaintHandler } from './commands/act-on-complaint.js';
import { RaiseComplaintHandler } from './commands/raise-complaint.js';
import { ComplaintsController } from './complaints.controller.js';
import { ComplaintsRepository } from './complaints.repository.js';
import { NewComplaints } from './new-complaints.js';
import {
  ComplaintAssigneesHandler,
  GetComplaintHandler,
  ListComplaintsHandler,
} from './queries/complaints.queries.js';

/** Complaints (issue 14): raised by users, answered by admins, each step live and audited. */
@Module({
  imports: [TransactionsModule],
  controllers: [ComplaintsController],
  providers: [
    ComplaintsRepository,
    NewComplaints,
    RaiseComplaintHandler,
    ActOnComplaintHandler,
    ListComplaintsHandler,
    ComplaintAssigneesHandler,
    GetComplaintHandler,
  ],
  // BBPS complaints (issue 27) are complaints: stored and listed here, with their BBPS facts.
  exports: [ComplaintsRepository, NewComplaints],
})
export class ComplaintsModule {}
