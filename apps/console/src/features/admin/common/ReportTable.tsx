import { useSyncExternalStore, type Key, type ReactNode } from 'react';
import {
  Empty,
  Pagination,
  Skeleton,
  Table,
  type TablePaginationConfig,
  type TableProps,
} from 'antd';
import './report-table.css';

/** One column of a report: its heading, and how a row shows in it. */
export interface ReportColumn<T> {
  key: string;
  title: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** On a phone card: the line's label (the title when it is text), or none for a headline. */
  cardLabel?: string | null;
  /** How the wide table shows it, when that differs (e.g. two facts stacked in one cell). */
  tableRender?: (row: T) => ReactNode;
  /** Only on the phone card (the table shows it inside another column). */
  hideOnTable?: boolean;
  /** Left out of the phone card (a value its headline already shows, or an empty side). */
  hideOnCard?: boolean | ((row: T) => boolean);
}

export interface ReportTableProps<T> {
  rows: T[];
  rowKey: (row: T) => Key;
  columns: ReportColumn<T>[];
  loading: boolean;
  emptyText: string;
  pagination?: TablePaginationConfig | false;
  /** Names the table (and the list of cards) for screen readers and tests. */
  label: string;
  /** The card's top line on a phone: what the row is, at a glance. */
  cardTitle: (row: T) => ReactNode;
}

/** Phones and small tablets: below this width a report is a list of cards, never a wide table. */
const CARDS = '(max-width: 767.98px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(CARDS);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether reports show as cards: read at once, so the first paint already fits the screen. */
export function useCardLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(CARDS).matches,
    () => false,
  );
}

/**
 * A report's rows: a table on a wide screen; on a phone a card per row, each column a labelled
 * line, so nothing runs off the screen and nothing is hidden.
 */
export function ReportTable<T extends object>({
  rows,
  rowKey,
  columns,
  loading,
  emptyText,
  pagination = false,
  label,
  cardTitle,
}: ReportTableProps<T>) {
  const cards = useCardLayout();

  if (!cards) {
    const tableColumns: TableProps<T>['columns'] = columns
      .filter((column) => !column.hideOnTable)
      .map((column) => ({
        key: column.key,
        title: column.title,
        align: column.align,
        render: (_: unknown, row: T) => (column.tableRender ?? column.render)(row),
      }));
    return (
      <div className="report-table" aria-label={label} role="region">
        <Table<T>
          rowKey={rowKey}
          size="middle"
          columns={tableColumns}
          dataSource={rows}
          loading={loading}
          pagination={pagination}
          locale={{ emptyText }}
        />
      </div>
    );
  }

  return (
    <div className="report-cards" aria-label={label} role="region">
      {loading && rows.length === 0 ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      ) : (
        <ul className={`report-cards__list${loading ? ' report-cards__list--loading' : ''}`}>
          {rows.map((row) => (
            <li key={rowKey(row)} className="report-card">
              <div className="report-card__title">{cardTitle(row)}</div>
              <dl className="report-card__lines">
                {columns
                  .filter((column) =>
                    typeof column.hideOnCard === 'function'
                      ? !column.hideOnCard(row)
                      : !column.hideOnCard,
                  )
                  .map((column) => {
                    const name =
                      column.cardLabel === undefined
                        ? typeof column.title === 'string'
                          ? column.title
                          : null
                        : column.cardLabel;
                    return (
                      <div key={column.key} className="report-card__line">
                        {name && <dt>{name}</dt>}
                        <dd className={name ? undefined : 'report-card__action'}>
                          {column.render(row)}
                        </dd>
                      </div>
                    );
                  })}
              </dl>
            </li>
          ))}
        </ul>
      )}
      {pagination && (
        <Pagination
          className="report-cards__pager"
          size="small"
          {...pagination}
          showSizeChanger={false}
          showTotal={pagination.showTotal}
        />
      )}
    </div>
  );
}
