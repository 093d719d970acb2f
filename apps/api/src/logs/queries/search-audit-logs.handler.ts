import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AuditLogsRepository, type AuditLogEntry } from '../audit-logs.repository.js';
import { SearchAuditLogsQuery } from './search-audit-logs.query.js';
import { rowsOfPage } from '../../common/http/paging.js';

@QueryHandler(SearchAuditLogsQuery)
export class SearchAuditLogsHandler implements IQueryHandler<SearchAuditLogsQuery> {
  constructor(private readonly logs: AuditLogsRepository) {}

  execute({
    filter,
    page,
    pageSize,
  }: SearchAuditLogsQuery): Promise<{ rows: AuditLogEntry[]; total: number }> {
    return this.logs.page(filter, rowsOfPage(page, pageSize));
  }
}
