import type { IncomingMessage, ServerResponse } from 'node:http';
import { once } from 'node:events';
import { Injectable, Logger } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';
import Cursor from 'pg-cursor';
import { AppError, ErrorKind } from '../common/errors.js';
import { LaggingReads } from '../database/lagging-reads.js';
import { CsvMessages } from './csv-messages.js';

export { CsvMessages } from './csv-messages.js';

/**
 * Rows read from the cursor per round trip: large enough to be cheap, small enough to hold.
 * 500, not 2,000: fewer rows alive at each young-generation collection means less promoted
 * garbage, a lower resident peak (a streamed million-posting ledger: 158 → 122 MB at 300,000
 * rows in bench:reports' measure) at the same speed.
 */
const BATCH_ROWS = 500;

/**
 * Exports running at once in one API process. Each holds a connection of LaggingReads' pool
 * (8, apart from the money path's 20) for its whole download, so a burst of exports must not
 * starve the other reports: one more is refused with 429 and a message until one ends.
 */
export const CSV_EXPORTS_AT_ONCE = 4;

/** A plain decimal number (`-720.46`, `12`): a spreadsheet reads it as a number, never a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A text cell a spreadsheet would run as a formula (=, +, -, @, and tab or carriage return,
 * which some programs strip before looking) gets a leading apostrophe: the OWASP advice for CSV
 * injection. Names, remarks and shop names are typed by users, so they are not to be trusted.
 * A plain number is left as it is (issue 23: `-720.46` stays a number a sum can add, not the
 * text `'-720.46`): nothing in it can run.
 */
export function defuse(value: string): string {
  if (PLAIN_NUMBER.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const IST_OFFSET_MS = 330 * 60_000;

/** `2026-11-26 16:31:02`: an instant as India's wall clock, as every CSV writes times. */
export function istTime(at: string | Date): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(ms + IST_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);
}

/** One CSV export: the query of its rows and how a row becomes cells. */
export interface CsvExport<Row> {
  /** The download's file name, e.g. `ledger-2026-11.csv`. */
  readonly filename: string;
  readonly header: readonly string[];
  readonly sql: string;
  readonly params: readonly unknown[];
  cells(row: Row): readonly (string | number | null | undefined)[];
}

/**
 * Streams a query's rows to the response as CSV through a server-side cursor, a batch at a
 * time, waiting for the socket to drain between batches: memory stays at one batch whatever
 * the row count (a million postings, `npm run bench:reports`). When the client goes away (a
 * cancelled download) the cursor is closed and the connection goes back to the pool at the
 * next batch boundary.
 *
 * The query runs in a REPEATABLE READ, READ ONLY transaction, so a long export reads one
 * snapshot of the ledger from its first row to its last; on the replica (exports may lag,
 * docs/scaling.md), or the primary past REPLICA_MAX_LAG_MS.
 */
@Injectable()
export class CsvStreamer {
  private readonly logger = new Logger(CsvStreamer.name);
  private running = 0;

  constructor(private readonly reads: LaggingReads) {}

  async send<Row>(
    request: IncomingMessage,
    response: ServerResponse,
    report: CsvExport<Row>,
  ): Promise<void> {
    // Counted before the first await, so a burst of parallel requests is counted exactly.
    if (this.running >= CSV_EXPORTS_AT_ONCE) {
      throw new AppError(ErrorKind.TooManyTries, CsvMessages.busy);
    }
    this.running += 1;
    try {
      await this.stream(request, response, report);
    } finally {
      this.running -= 1;
    }
  }

  private async stream<Row>(
    request: IncomingMessage,
    response: ServerResponse,
    report: CsvExport<Row>,
  ): Promise<void> {
    let gone = false;
    const onClose = () => {
      if (!response.writableFinished) gone = true;
    };
    response.on('close', onClose);
    request.on('aborted', onClose);

    const client = await this.reads.connect();
    let broken: Error | undefined;
    let cursor: Cursor<Row> | undefined;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      // An export's plan is costed over its whole range, so Postgres would JIT-compile it: that
      // took 5 of 12 s before the first row of a 100,000-posting ledger (bench:reports), and an
      // export streams row by row anyway.
      await client.query('SET LOCAL jit = off');
      cursor = client.query(new Cursor<Row>(report.sql, [...report.params]));
      // The first batch before the headers: a query that fails answers an error, not a
      // half-written file.
      let rows = await cursor.read(BATCH_ROWS);
      response.statusCode = 200;
      response.setHeader('Content-Type', 'text/csv; charset=utf-8');
      response.setHeader('Content-Disposition', `attachment; filename="${report.filename}"`);
      response.setHeader('Cache-Control', 'no-store');
      // A byte-order mark so spreadsheet programs read names as UTF-8.
      response.write(`\uFEFF${this.lines([report.header])}`);
      while (rows.length > 0 && !gone) {
        // Postgres makes the next batch while this one is written out: the two overlap. The
        // read is always awaited before the cursor is used again or closed.
        const pending = cursor.read(BATCH_ROWS);
        pending.catch(() => undefined);
        let chunk: string;
        try {
          chunk = this.lines(rows.map((row) => report.cells(row).map(cellText)));
        } catch (error) {
          await pending.catch(() => undefined);
          throw error;
        }
        if (!response.write(chunk) && !response.destroyed) await drainedOrClosed(response);
        rows = await pending;
        if (gone || response.destroyed) {
          gone = true;
          break;
        }
      }
      await cursor.close();
      await client.query(gone ? 'ROLLBACK' : 'COMMIT');
      if (gone) {
        // Nothing more is sent: the socket goes too, so no half-written download stays open.
        response.destroy();
        this.logger.log(`CSV ${report.filename} cancelled by the client`);
      } else response.end();
    } catch (error) {
      await cursor?.close().catch(() => undefined);
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      if (!response.headersSent) throw error;
      // Headers are out: the only honest signal left is a broken download.
      this.logger.error(`CSV ${report.filename} failed mid-stream: ${(error as Error).message}`);
      response.destroy(error as Error);
    } finally {
      client.release(broken);
      response.off('close', onClose);
      request.off('aborted', onClose);
    }
  }

  private lines(records: readonly (readonly string[])[]): string {
    return stringify(records as string[][], { record_delimiter: '\r\n' });
  }
}

function cellText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'number' ? String(value) : defuse(value);
}

async function drainedOrClosed(response: ServerResponse): Promise<void> {
  const controller = new AbortController();
  const settled = (event: string) =>
    once(response, event, { signal: controller.signal }).then(
      () => undefined,
      () => undefined,
    );
  await Promise.race([settled('drain'), settled('close')]).finally(() => controller.abort());
}
