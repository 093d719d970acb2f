import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  checkProfitWindow,
  indiaDay,
  isUuid,
  Messages,
  profitEarnerOf,
  type EarnersWithoutPanAnswer,
  type ProfitLine,
  type SchemeService,
  type SchemesAnswer,
  type TaxRateRecord,
  taxRateRecord,
} from '@khata/domain';
import type { AuthUser } from '../../auth/auth-user.js';
import { Clock } from '../../common/clock.js';
import { AppError, ErrorKind } from '../../common/errors.js';
import { Db } from '../../database/unit-of-work.js';
import { NetworkScopes } from '../../network/network-scopes.js';
import { CommissionsRepository } from '../commissions.repository.js';

/** Every scheme, with the roles it is the default of and how many users it is assigned to. */
export class ListSchemesQuery extends Query<SchemesAnswer['data']> {}

@QueryHandler(ListSchemesQuery)
export class ListSchemesHandler implements IQueryHandler<ListSchemesQuery> {
  constructor(private readonly repository: CommissionsRepository) {}

  async execute(): Promise<SchemesAnswer['data']> {
    const rows = await this.repository.schemes();
    return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
  }
}

/** Issue 23: the earning uplines with no PAN on file (TDS at the no-PAN rate). */
export class ListEarnersWithoutPanQuery extends Query<EarnersWithoutPanAnswer['data']> {}

@QueryHandler(ListEarnersWithoutPanQuery)
export class ListEarnersWithoutPanHandler implements IQueryHandler<ListEarnersWithoutPanQuery> {
  constructor(private readonly repository: CommissionsRepository) {}

  execute(): Promise<EarnersWithoutPanAnswer['data']> {
    return this.repository.earnersWithoutPan();
  }
}

/** A user's own scheme assignments (service → scheme id), for an admin who sees the user. */
export class GetSchemeAssignmentsQuery extends Query<Partial<Record<SchemeService, string>>> {
  constructor(
    readonly admin: AuthUser,
    readonly userId: unknown,
  ) {
    super();
  }
}

@QueryHandler(GetSchemeAssignmentsQuery)
export class GetSchemeAssignmentsHandler implements IQueryHandler<GetSchemeAssignmentsQuery> {
  constructor(
    private readonly db: Db,
    private readonly scopes: NetworkScopes,
    private readonly repository: CommissionsRepository,
  ) {}

  async execute({
    admin,
    userId,
  }: GetSchemeAssignmentsQuery): Promise<Partial<Record<SchemeService, string>>> {
    if (!isUuid(userId) || !(await this.scopes.canSee(this.db, admin, userId))) {
      throw new AppError(ErrorKind.NotFound, Messages.userNotFound);
    }
    return this.repository.assignmentsOf(userId);
  }
}

/** Every GST and TDS rate, by kind, newest first (percent on the wire). */
export class ListTaxRatesQuery extends Query<TaxRateRecord[]> {}

@QueryHandler(ListTaxRatesQuery)
export class ListTaxRatesHandler implements IQueryHandler<ListTaxRatesQuery> {
  constructor(private readonly repository: CommissionsRepository) {}

  async execute(): Promise<TaxRateRecord[]> {
    return (await this.repository.taxRates()).map(taxRateRecord);
  }
}

/**
 * My profit: commissions by India day or month; an admin sees every earner (or the one it
 * names), anyone else only its own. Lines in paise; the controller writes them as rupees.
 */
export class GetProfitQuery extends Query<ProfitLine[]> {
  constructor(
    readonly reader: AuthUser,
    readonly body: { from?: unknown; to?: unknown; groupBy?: unknown; earnerId?: unknown },
  ) {
    super();
  }
}

@QueryHandler(GetProfitQuery)
export class GetProfitHandler implements IQueryHandler<GetProfitQuery> {
  constructor(
    private readonly repository: CommissionsRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ reader, body }: GetProfitQuery): Promise<ProfitLine[]> {
    const window = checkProfitWindow(body, indiaDay(this.clock.now()));
    if (!window.ok) throw new AppError(ErrorKind.Invalid, window.message);
    const earner = profitEarnerOf(reader, body.earnerId);
    if (!earner.ok) throw new AppError(ErrorKind.NotFound, earner.message);
    return this.repository.profit({ ...window.value, earnerId: earner.value });
  }
}
