import type { ReactNode } from 'react';
import { Button, Card, Form, Input, type TablePaginationConfig } from 'antd';
import { AdminPage } from './AdminPage';

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
  children,
  overlays,
  actions,
}: ReportPageProps) {
  return (
    <AdminPage
      title={title}
      intro={intro}
      actions={
        <>
          {actions}
          <Button onClick={() => void report.refetch()} loading={report.isFetching}>
            Refresh
          </Button>
        </>
      }
    >
      <Card className="admin-card">
        <Form layout="vertical" className="admin-filters" aria-label={filtersLabel}>
          {filters}
        </Form>
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
  return (
    <>
      <Form.Item label="From" htmlFor={`${idPrefix}-from`}>
        <Input
          id={`${idPrefix}-from`}
          type="date"
          value={filter.from ?? ''}
          max={filter.to}
          onChange={(event) => onChange({ from: event.target.value || undefined, page: 1 })}
        />
      </Form.Item>
      <Form.Item label="To" htmlFor={`${idPrefix}-to`}>
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
