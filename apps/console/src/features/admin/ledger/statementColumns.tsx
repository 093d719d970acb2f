import type { StatementLine } from '@khata/domain';
import { formatRupees } from '../common/money';
import type { ReportColumn } from '../common/ReportTable';
import { typeLabel } from '../transactions/labels';

/** An amount column: blank on the side a line does not move. */
function side(amount: number | undefined, tone: 'debit' | 'credit') {
  if (!amount) return '';
  return <span className={`admin-amount admin-amount--${tone}`}>{formatRupees(amount)}</span>;
}

/** Money set aside by a hold, or freed by its release: it leaves the posted balance as it was. */
function held(line: StatementLine) {
  if (!line.held) return '';
  return (
    <span className="admin-amount admin-amount--held">
      {line.held > 0 ? `${formatRupees(line.held)} held` : `${formatRupees(-line.held)} freed`}
    </span>
  );
}

/** A line in words: the API's narration, or for an older answer the type and the description. */
export function narrationOf(line: StatementLine): string {
  if (line.narration) return line.narration;
  const type = line.recordType ?? line.eventType;
  const kind = type ? typeLabel(type) : '—';
  return line.description ? `${kind} · ${line.description}` : kind;
}

/**
 * The money columns of every statement (the Ledger Report and the Day Book): debit, credit,
 * what a hold set aside or freed, and the balance after the line.
 */
export const STATEMENT_AMOUNT_COLUMNS: ReportColumn<StatementLine>[] = [
  {
    key: 'debit',
    title: 'Debit',
    align: 'right',
    hideOnCard: (line) => !line.debit,
    render: (line) => side(line.debit, 'debit'),
  },
  {
    key: 'credit',
    title: 'Credit',
    align: 'right',
    hideOnCard: (line) => !line.credit,
    render: (line) => side(line.credit, 'credit'),
  },
  {
    key: 'held',
    title: 'On hold',
    align: 'right',
    hideOnCard: (line) => !line.held,
    render: held,
  },
  {
    key: 'balanceAfter',
    title: 'Balance after',
    align: 'right',
    render: (line) => <span className="admin-amount">{formatRupees(line.balanceAfter)}</span>,
  },
];
