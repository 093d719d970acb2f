import { Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import {
  isPgGateway,
  type Paise,
  parseRupees,
  type PgGateway,
  PgMessages,
  stepPgOrder,
} from '@khata/domain';
import { parse } from 'csv-parse/sync';
import type { AuthUser } from '../auth/auth-user.js';
import { Clock } from '../common/clock.js';
import { AppError, ErrorKind } from '../common/errors.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import { announceAppended } from '../transactions/appended-announcement.js';
import type { AppendedProjected } from '../transactions/projected-appends.repository.js';
import { PgLedger } from './pg-ledger.js';
import { PgOrdersRepository } from './pg-orders.repository.js';
import { PgSettlementMessages } from './pg-messages.js';

const COLUMNS = [
  'settlement_id',
  'utr',
  'settled_on',
  'receipt',
  'payment_id',
  'amount',
  'fee',
  'tax',
  'net',
] as const;
const MAX_ROWS = 5_000;

export interface SettlementRow {
  line: number;
  settlementId: string;
  utr: string;
  settledOn: string;
  receipt: string;
  paymentId: string;
  amount: Paise;
  fee: Paise;
  tax: Paise;
  net: Paise;
}

export interface SettlementImported {
  settlementId: string;
  gateway: PgGateway;
  utr: string;
  orders: number;
  amount: Paise;
  fee: Paise;
  tax: Paise;
  net: Paise;
}

const invalid = (message: string) => new AppError(ErrorKind.Invalid, message);

/** A gateway's settlement CSV (docs/pg-sandbox.md): a header naming at least COLUMNS. */
export function parseSettlement(csv: Buffer): SettlementRow[] {
  let records: string[][];
  try {
    records = parse(csv, {
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    });
  } catch {
    throw invalid(PgMessages.settlementFileInvalid);
  }
  const [header, ...body] = records;
  if (!header || body.length === 0 || body.length > MAX_ROWS)
    throw invalid(PgMessages.settlementFileInvalid);
  const names = header.map((name) => name.toLowerCase());
  const at = Object.fromEntries(COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<
    (typeof COLUMNS)[number],
    number
  >;
  if (Object.values(at).some((i) => i < 0)) throw invalid(PgMessages.settlementFileInvalid);
  return body.map((cells, index) => {
    const line = index + 2;
    const money = (column: 'amount' | 'fee' | 'tax' | 'net') => {
      const value = parseRupees(cells[at[column]]);
      if (!value.ok || value.value < 0) throw invalid(PgSettlementMessages.notAmount(line, column));
      return value.value;
    };
    const text = (column: (typeof COLUMNS)[number]) => {
      const value = cells[at[column]] ?? '';
      if (!/^[A-Za-z0-9_:-]{1,60}$/.test(value))
        throw invalid(PgSettlementMessages.malformed(line, column));
      return value;
    };
    const settledOn = cells[at.settled_on] ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(settledOn))
      throw invalid(PgSettlementMessages.settledOnInvalid(line));
    const row: SettlementRow = {
      line,
      settlementId: text('settlement_id'),
      utr: text('utr'),
      settledOn,
      receipt: text('receipt'),
      paymentId: text('payment_id'),
      amount: money('amount'),
      fee: money('fee'),
      tax: money('tax'),
      net: money('net'),
    };
    if (row.fee + row.tax + row.net !== row.amount) {
      throw invalid(PgSettlementMessages.splitWrong(line));
    }
    return row;
  });
}

/**
 * A gateway's settlement imported (issue 28): every row is a payment we credited, for its
 * amount to the paisa, with its payment id; the whole file in one transaction (a row that does
 * not match refuses the file, naming the line). Each order's settled event clears its amount
 * from PG clearing to the company bank (the net) and the gateway's fee and tax; a file imported
 * twice is a 409.
 */
@Injectable()
export class PgSettlements {
  private readonly logger = new Logger('PgSettlements');

  constructor(
    private readonly orders: PgOrdersRepository,
    private readonly pgLedger: PgLedger,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {}

  async import(
    user: AuthUser,
    gateway: unknown,
    csv: Buffer | undefined,
  ): Promise<SettlementImported> {
    if (user.kind !== 'admin')
      throw new AppError(ErrorKind.Forbidden, PgSettlementMessages.adminOnly);
    if (!isPgGateway(gateway)) throw invalid(PgMessages.gatewayInvalid);
    if (!csv?.length) throw invalid(PgMessages.settlementFileInvalid);
    const rows = parseSettlement(csv);
    const first = rows[0]!;
    if (rows.some((row) => row.settlementId !== first.settlementId || row.utr !== first.utr)) {
      throw invalid(PgSettlementMessages.oneSettlement);
    }
    const sum = (key: 'amount' | 'fee' | 'tax' | 'net') =>
      rows.reduce((total, row) => total + row[key], 0);
    const summary: SettlementImported = {
      settlementId: first.settlementId,
      gateway,
      utr: first.utr,
      orders: rows.length,
      amount: sum('amount'),
      fee: sum('fee'),
      tax: sum('tax'),
      net: sum('net'),
    };
    const appended: AppendedProjected[] = [];
    await this.uow.run(async (tx) => {
      const now = this.clock.now();
      const fresh = await this.orders.insertSettlement(tx, {
        id: summary.settlementId,
        gateway,
        utr: summary.utr,
        settledOn: first.settledOn,
        orders: summary.orders,
        amount: summary.amount,
        fee: summary.fee,
        tax: summary.tax,
        net: summary.net,
        importedBy: user.userId,
        at: now,
      });
      if (!fresh) throw new AppError(ErrorKind.Conflict, PgSettlementMessages.imported);
      const seen = new Set<string>();
      for (const row of rows) {
        if (seen.has(row.receipt)) throw invalid(PgSettlementMessages.orderTwice(row.line));
        seen.add(row.receipt);
        const found = await this.orders.findByReceipt(tx, row.receipt);
        const order = found && (await this.orders.find(tx, found.id, true));
        if (!order || order.gateway !== gateway)
          throw invalid(PgSettlementMessages.noOrder(row.line, gateway, row.receipt));
        if (order.paymentId !== row.paymentId)
          throw invalid(PgSettlementMessages.otherPayment(row.line));
        if (order.amount !== row.amount) throw invalid(PgSettlementMessages.otherAmount(row.line));
        const step = stepPgOrder(order, { kind: 'settle' });
        if (!step.ok || !step.changed) {
          throw invalid(PgSettlementMessages.notPaid(row.line, row.receipt, order.status));
        }
        const next = {
          ...order,
          ...step.state,
          settlementId: summary.settlementId,
          settledAt: now,
          updatedAt: now,
        };
        appended.push(
          await this.pgLedger.settled(
            tx,
            next,
            {
              settlementId: summary.settlementId,
              utr: summary.utr,
              fee: row.fee,
              tax: row.tax,
              net: row.net,
            },
            user.userId,
            { settlementId: summary.settlementId },
          ),
        );
        await this.orders.saveState(tx, next);
      }
    });
    announceAppended({ events: this.events, logger: this.logger }, appended);
    return summary;
  }
}
