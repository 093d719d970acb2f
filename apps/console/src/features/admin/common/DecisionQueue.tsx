import { Alert, Segmented } from 'antd';
import { ReportTable, type ReportColumn } from './ReportTable';

/** What a queue's query answers: one page of rows and the count of all of them. */
interface QueuePage<T> {
  data: T[];
  total: number;
}

/**
 * A queue of things waiting on a decision (KYC, payment requests): a filter by state, the
 * rows as a table on a desktop and cards on a phone, each card titled by its person, paged on
 * the server. The page owns the filter, the page number and what a row's button opens.
 */
export function DecisionQueue<T extends object, F extends string>({
  className,
  filters,
  filter,
  onFilter,
  query,
  page,
  onPage,
  pageSize,
  label,
  columns,
  rowKey,
  emptyText,
  person,
}: {
  className: string;
  filters: { label: string; value: F }[];
  filter: F;
  /** The filter changed: the page goes back to 1. */
  onFilter: (filter: F) => void;
  query: { isError: boolean; error: Error | null; isFetching: boolean; data?: QueuePage<T> };
  page: number;
  onPage: (page: number) => void;
  pageSize: number;
  label: string;
  columns: ReportColumn<T>[];
  rowKey: (row: T) => string;
  emptyText: string;
  person: (row: T) => { name: string; mobile: string };
}) {
  return (
    <>
      <Segmented<F>
        className={className}
        options={filters}
        value={filter}
        onChange={(value) => {
          onFilter(value);
          onPage(1);
        }}
      />
      {query.isError && <Alert type="error" showIcon title={query.error?.message} />}
      <ReportTable<T>
        label={label}
        rows={query.data?.data ?? []}
        rowKey={rowKey}
        columns={columns}
        loading={query.isFetching}
        emptyText={emptyText}
        cardTitle={(row) => (
          <>
            {person(row).name}
            <span className="report-table__sub">{person(row).mobile}</span>
          </>
        )}
        pagination={{
          current: page,
          pageSize,
          total: query.data?.total ?? 0,
          onChange: onPage,
          showSizeChanger: false,
        }}
      />
    </>
  );
}
