import type { ReactNode } from 'react';
import { Button, Card, Form, Input, type TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../i18n/format';
import { AdminPage } from './AdminPage';
import { FilterForm } from './FilterForm';

/** What every report's filter holds: an optional period and the page shown. */
export interface ReportPeriod {
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** Merges a change into the report's filter (a partial one: the rest stays). */
export type ReportFilterChange = (change: Partial<ReportPeriod>) => void;

export interface ReportPageProps {
  title: string;
  intro: string;
  /** The report's query: Refresh fetches it again. */
  report: { refetch: () => Promise<unknown>; isFetching: boolean };
  /** The accessible name of the filter form. */
  filtersLabel: string;
  /** The filter fields, laid out by the filter form. */
  filters: ReactNode;
  /** How many filters are set: a phone folds the form behind a button that says so. */
  activeFilters: number;
  /** The results, under the filters in the same card. */
  children: ReactNode;
  /** What stands outside the card, such as a dialog. */
  overlays?: ReactNode;
  /** Buttons beside Refresh, such as Add user. */
  actions?: ReactNode;
}

/** A report screen: Refresh beside the title, then one card with the filter form and the results. */
export function ReportPage({
  title,
  intro,
  report,
  filtersLabel,
  filters,
  activeFilters,
  children,
  overlays,
  actions,
}: ReportPageProps) {
  const { t } = useTranslation('admin-common');
  return (
    <AdminPage
      title={title}
      intro={intro}
      actions={
        <>
          {actions}
          <Button onClick={() => void report.refetch()} loading={report.isFetching}>
            {t('report.refresh')}
          </Button>
        </>
      }
    >
      <Card className="admin-card">
        <FilterForm label={filtersLabel} active={activeFilters}>
          {filters}
        </FilterForm>
        {children}
      </Card>
      {overlays}
    </AdminPage>
  );
}

export interface DateRangeFieldsProps {
  /** Prefix of the two inputs' ids: `<idPrefix>-from`, `<idPrefix>-to`. */
  idPrefix: string;
  filter: Pick<ReportPeriod, 'from' | 'to'>;
  onChange: ReportFilterChange;
}

/** From and To dates, each bounded by the other; a new date goes back to the first page. */
export function DateRangeFields({ idPrefix, filter, onChange }: DateRangeFieldsProps) {
  const { t } = useTranslation('admin-common');
  return (
    <>
      <Form.Item label={t('report.from')} htmlFor={`${idPrefix}-from`}>
        <Input
          id={`${idPrefix}-from`}
          type="date"
          value={filter.from ?? ''}
          max={filter.to}
          onChange={(event) => onChange({ from: event.target.value || undefined, page: 1 })}
        />
      </Form.Item>
      <Form.Item label={t('report.to')} htmlFor={`${idPrefix}-to`}>
        <Input
          id={`${idPrefix}-to`}
          type="date"
          value={filter.to ?? ''}
          min={filter.from}
          onChange={(event) => onChange({ to: event.target.value || undefined, page: 1 })}
        />
      </Form.Item>
    </>
  );
}

/** A results table's pager kept in the report's filter: the page, and a size the user may change. */
export function reportPagination(
  filter: ReportPeriod,
  onChange: ReportFilterChange,
): TablePaginationConfig {
  return {
    current: filter.page,
    pageSize: filter.pageSize,
    showSizeChanger: true,
    onChange: (page, pageSize) => onChange({ page, pageSize }),
  };
}

export interface PrintedRowsNoteProps {
  page: number;
  pageSize: number;
  /** Rows of the whole filtered set (every page). */
  total: number;
  /** What a row is: `row` (a report's) or `line` (a ledger's). */
  noun: 'row' | 'line';
}

/**
 * On paper only (issue 23): which rows the print holds, said against the rows the totals
 * cover, so a printed page is never read as the whole report.
 */
const PRINT_ALL_KEYS = { row: 'print.all.row', line: 'print.all.line' } as const;
const PRINT_PAGE_KEYS = { row: 'print.page.row', line: 'print.page.line' } as const;

export function PrintedRowsNote({ page, pageSize, total, noun }: PrintedRowsNoteProps) {
  const { t } = useTranslation('admin-common');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const text =
    pages === 1
      ? t(PRINT_ALL_KEYS[noun], { count: total, total: formatCount(total) })
      : t(PRINT_PAGE_KEYS[noun], {
          count: total,
          total: formatCount(total),
          page: formatCount(page),
          pages: formatCount(pages),
          first: formatCount((page - 1) * pageSize + 1),
          last: formatCount(Math.min(page * pageSize, total)),
        });
  return (
    <p className="report-print-note" data-testid="report-print-note">
      {text}
    </p>
  );
}
