import { useTranslation } from 'react-i18next';
import type { StatementLine } from '@khata/domain';
import { i18n } from '../../../i18n/i18n';
import { formatRupees } from '../common/money';
import type { ReportColumn } from '../common/ReportTable';
import { typeLabel } from '../transactions/labels';

/** An amount column: blank on the side a line does not move. */
function side(amount: number | undefined, tone: 'debit' | 'credit') {
  if (!amount) return '';
  return <span className={`admin-amount admin-amount--${tone}`}>{formatRupees(amount)}</span>;
}

/** Money set aside by a hold, or freed by its release: it leaves the posted balance as it was. */
function Held({ held }: { held: number }) {
  const { t } = useTranslation('ledger');
  return (
    <span className="admin-amount admin-amount--held">
      {held > 0
        ? t('statement.held', { amount: formatRupees(held) })
        : t('statement.freed', { amount: formatRupees(-held) })}
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
 * what a hold set aside or freed, and the balance after the line. Their titles are read when
 * the table draws (getters), so a module-level column list still speaks the current language.
 */
export const STATEMENT_AMOUNT_COLUMNS: ReportColumn<StatementLine>[] = [
  {
    key: 'debit',
    get title() {
      return i18n.t('ledger:statement.debit');
    },
    align: 'right',
    hideOnCard: (line) => !line.debit,
    render: (line) => side(line.debit, 'debit'),
  },
  {
    key: 'credit',
    get title() {
      return i18n.t('ledger:statement.credit');
    },
    align: 'right',
    hideOnCard: (line) => !line.credit,
    render: (line) => side(line.credit, 'credit'),
  },
  {
    key: 'held',
    get title() {
      return i18n.t('ledger:statement.onHold');
    },
    align: 'right',
    hideOnCard: (line) => !line.held,
    render: (line) => (line.held ? <Held held={line.held} /> : ''),
  },
  {
    key: 'balanceAfter',
    get title() {
      return i18n.t('ledger:statement.balanceAfter');
    },
    align: 'right',
    render: (line) => <span className="admin-amount">{formatRupees(line.balanceAfter)}</span>,
  },
];
