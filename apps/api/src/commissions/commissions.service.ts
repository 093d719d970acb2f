import { Injectable } from '@nestjs/common';
import {
  addDays,
  checkMobile,
  checkPayoutRates,
  checkScheme,
  CommissionMessages,
  indiaDay,
  isRoleKind,
  isUuid,
  percentToBasisPoints,
  type RoleKind,
  SCHEME_SERVICES,
  type SchemeService,
  TAX_KINDS,
  type TaxKind,
} from '@khata/domain';
import { AuditLog } from '../audit/audit.repository.js';
import type { AuthUser } from '../auth/auth-user.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import type { RequestContext } from '../common/http/request-context.js';
import { Db, UnitOfWork } from '../database/unit-of-work.js';
import { NetworkScopes } from '../network/network-scopes.js';
import { UsersRepository } from '../users/users.repository.js';
import {
  CommissionsRepository,
  type ProfitRow,
  type StoredScheme,
  type TaxRateRow,
} from './commissions.repository.js';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const PROFIT_RANGE_DAYS_MAX = 366;

function isService(value: unknown): value is SchemeService {
  return (SCHEME_SERVICES as readonly unknown[]).includes(value);
}

function isDay(value: unknown): value is string {
  return typeof value === 'string' && ISO_DAY.test(value) && addDays(value, 0) === value;
}

/**
 * The admin side of commissions (issue 13): schemes (edit, role defaults, per-user
 * assignment), tax rates with effective days, and My profit. Every change is audited in the
 * transaction that makes it.
 */
@Injectable()
export class CommissionsService {
  constructor(
    private readonly repository: CommissionsRepository,
    private readonly uow: UnitOfWork,
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly scopes: NetworkScopes,
    private readonly clock: Clock,
    private readonly users: UsersRepository,
  ) {}

  schemes() {
    return this.repository.schemes();
  }

  /** Who pays TDS at the no-PAN rate on its commission: the scheme editor names them. */
  earnersWithoutPan() {
    return this.repository.earnersWithoutPan();
  }

  /** Creates a scheme (no id) or edits one; refuses shares that exceed the fee. */
  async saveScheme(
    admin: AuthUser,
    body: { id?: unknown } & Record<string, unknown>,
    context: RequestContext,
  ): Promise<StoredScheme> {
    const checked = checkScheme(body);
    if (!checked.ok) throw new AppError(ErrorKind.Invalid, checked.message);
    const { name, service, slabs } = checked.value;
    const id = body.id;
    if (id !== undefined && id !== null && !isUuid(id)) {
      throw new AppError(ErrorKind.NotFound, CommissionMessages.schemeNotFound);
    }
    return this.uow.run(async (tx) => {
      let saved: StoredScheme | undefined;
      if (typeof id === 'string') {
        const before = await this.repository.scheme(tx, id);
        if (!before) throw new AppError(ErrorKind.NotFound, CommissionMessages.schemeNotFound);
        if (before.service !== service)
          throw new AppError(ErrorKind.Invalid, CommissionMessages.serviceInvalid);
        saved = await this.repository.updateScheme(tx, id, { name, slabs, by: admin.userId });
      } else {
        saved = await this.repository.insertScheme(tx, { name, service, slabs, by: admin.userId });
      }
      await this.audit.record(tx, {
        action: 'commission.scheme-save',
        outcome: 'success',
        actorId: admin.userId,
        sessionId: admin.sessionId,
        context,
        details: { schemeId: saved!.id, name, service, slabs, created: typeof id !== 'string' },
      });
      return saved!;
    });
  }

  /** Makes a scheme the default of a role for its service. */
  async setDefault(
    admin: AuthUser,
    body: { roleKind?: unknown; schemeId?: unknown },
    context: RequestContext,
  ): Promise<void> {
    if (!isRoleKind(body.roleKind))
      throw new AppError(ErrorKind.Invalid, CommissionMessages.roleInvalid);
    const roleKind: RoleKind = body.roleKind;
    if (!isUuid(body.schemeId))
      throw new AppError(ErrorKind.NotFound, CommissionMessages.schemeNotFound);
    const schemeId = body.schemeId;
    await this.uow.run(async (tx) => {
      const scheme = await this.repository.scheme(tx, schemeId);
      if (!scheme) throw new AppError(ErrorKind.NotFound, CommissionMessages.schemeNotFound);
      await this.repository.setDefault(tx, roleKind, scheme.service, scheme.id);
      await this.audit.record(tx, {
        action: 'commission.scheme-default',
        outcome: 'success',
        actorId: admin.userId,
        sessionId: admin.sessionId,
        context,
        details: { roleKind, service: scheme.service, schemeId: scheme.id },
      });
    });
  }

  /** Assigns a scheme to a user the admin sees, or (schemeId null) back to its role's default. */
  async assign(
    admin: AuthUser,
    body: { userId?: unknown; mobile?: unknown; service?: unknown; schemeId?: unknown },
    context: RequestContext,
  ): Promise<void> {
    if (!isService(body.service))
      throw new AppError(ErrorKind.Invalid, CommissionMessages.serviceInvalid);
    const service = body.service;
    const userId = await this.userIdOf(body);
    const schemeId = body.schemeId === null || body.schemeId === '' ? null : body.schemeId;
    if (schemeId !== null && !isUuid(schemeId)) {
      throw new AppError(ErrorKind.NotFound, CommissionMessages.schemeNotFound);
    }
    await this.uow.run(async (tx) => {
      if (!(await this.scopes.canSee(tx, admin, userId))) {
        throw new AppError(ErrorKind.NotFound, 'User not found');
      }
      if (schemeId !== null) {
        const scheme = await this.repository.scheme(tx, schemeId);
        if (!scheme || scheme.service !== service) {
          throw new AppError(ErrorKind.NotFound, CommissionMessages.schemeNotFound);
        }
      }
      await this.repository.assign(tx, userId, service, schemeId, admin.userId);
      await this.audit.record(tx, {
        action: 'commission.scheme-assign',
        outcome: 'success',
        actorId: admin.userId,
        subjectId: userId,
        sessionId: admin.sessionId,
        context,
        details: { service, schemeId },
      });
    });
  }

  /** The user an assignment names: by id, or by mobile as the console's form sends it. */
  private async userIdOf(body: { userId?: unknown; mobile?: unknown }): Promise<string> {
    if (isUuid(body.userId)) return body.userId;
    if (typeof body.mobile === 'string' && checkMobile(body.mobile).ok) {
      const user = await this.users.findByMobile(body.mobile);
      if (user) return user.id;
    }
    throw new AppError(ErrorKind.NotFound, 'User not found');
  }

  /**
   * A user's own payout fees (serviceRates.payout), the retailer's side of the payout scheme:
   * a slab set here wins over the scheme's fee; the uplines' shares stay the scheme's.
   */
  async setPayoutRates(
    admin: AuthUser,
    body: { userId?: unknown; mobile?: unknown; payout?: unknown },
    context: RequestContext,
  ): Promise<void> {
    const rates = checkPayoutRates(body.payout ?? {});
    if (!rates.ok) throw new AppError(ErrorKind.Invalid, rates.message);
    const userId = await this.userIdOf(body);
    await this.uow.run(async (tx) => {
      if (!(await this.scopes.canSee(tx, admin, userId))) {
        throw new AppError(ErrorKind.NotFound, 'User not found');
      }
      await tx.query(
        `UPDATE users SET service_rates = jsonb_set(service_rates, '{payout}', $2::jsonb),
                          updated_at = now()
          WHERE id = $1`,
        [userId, JSON.stringify(rates.value)],
      );
      await this.audit.record(tx, {
        action: 'commission.user-rates',
        outcome: 'success',
        actorId: admin.userId,
        subjectId: userId,
        sessionId: admin.sessionId,
        context,
        details: { payout: rates.value },
      });
    });
  }

  async assignmentsOf(admin: AuthUser, userId: unknown) {
    if (!isUuid(userId) || !(await this.scopes.canSee(this.db, admin, userId))) {
      throw new AppError(ErrorKind.NotFound, 'User not found');
    }
    return this.repository.assignmentsOf(userId);
  }

  taxRates(): Promise<TaxRateRow[]> {
    return this.repository.taxRates();
  }

  /**
   * Adds a GST or TDS rate from an India day on (today or later: a past day's postings already
   * used the rate then in force); the rows before stay as history.
   */
  async addTaxRate(
    admin: AuthUser,
    body: { kind?: unknown; rate?: unknown; effectiveFrom?: unknown },
    context: RequestContext,
  ): Promise<TaxRateRow> {
    if (!(TAX_KINDS as readonly unknown[]).includes(body.kind)) {
      throw new AppError(ErrorKind.Invalid, CommissionMessages.taxKindInvalid);
    }
    const kind = body.kind as TaxKind;
    const rate = percentToBasisPoints(body.rate);
    if (rate === undefined || rate < 0)
      throw new AppError(ErrorKind.Invalid, CommissionMessages.taxRateInvalid);
    if (!isDay(body.effectiveFrom)) {
      throw new AppError(ErrorKind.Invalid, CommissionMessages.effectiveFromInvalid);
    }
    const effectiveFrom = body.effectiveFrom;
    if (effectiveFrom < indiaDay(this.clock.now())) {
      throw new AppError(ErrorKind.Invalid, CommissionMessages.effectiveFromPast);
    }
    return this.uow.run(async (tx) => {
      const row = await this.repository.addTaxRate(tx, {
        kind,
        rate,
        effectiveFrom,
        createdBy: admin.userId,
      });
      await this.audit.record(tx, {
        action: 'commission.tax-rate',
        outcome: 'success',
        actorId: admin.userId,
        sessionId: admin.sessionId,
        context,
        details: { kind, rate, effectiveFrom },
      });
      return row;
    });
  }

  /**
   * My profit: an admin sees every earner (or one, `earnerId`); anyone else sees only its
   * own commissions.
   */
  async profit(
    actor: AuthUser,
    body: { from?: unknown; to?: unknown; groupBy?: unknown; earnerId?: unknown },
  ): Promise<ProfitRow[]> {
    const today = indiaDay(this.clock.now());
    const from = body.from ?? addDays(today, -30);
    const to = body.to ?? today;
    if (!isDay(from) || !isDay(to) || from > to || addDays(from, PROFIT_RANGE_DAYS_MAX) < to) {
      throw new AppError(ErrorKind.Invalid, CommissionMessages.profitRangeInvalid);
    }
    const by = body.groupBy ?? 'day';
    if (by !== 'day' && by !== 'month') {
      throw new AppError(ErrorKind.Invalid, CommissionMessages.profitGroupInvalid);
    }
    let earnerId: string | null = actor.userId;
    if (actor.kind === 'admin') {
      const wanted = body.earnerId;
      earnerId = wanted === undefined || wanted === null || wanted === '' ? null : String(wanted);
      if (earnerId !== null && !isUuid(earnerId)) {
        throw new AppError(ErrorKind.NotFound, 'User not found');
      }
    }
    return this.repository.profit({ from, to, by, earnerId });
  }
}
