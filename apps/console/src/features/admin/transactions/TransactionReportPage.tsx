import { useState } from 'react';
import { Alert, Form, Select } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { DateRangeFields, ReportPage, reportPagination } from '../common/ReportPage';
import { RequireMenuItem } from '../common/RequireMenuItem';
import type { TransactionRecord } from '@khata/domain';
import { useTransactions, type TransactionFilter } from './api';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from './labels';
import { ReceiptModal } from './ReceiptModal';
import { TransactionTable } from './TransactionTable';

const PAGE_SIZES = [10, 20, 50];
const FILTER_FIELDS = ['from', 'to', 'type', 'status'] as const;

/** The filter lives in the address, so a report can be reloaded, shared and gone back to. */
function useReportFilter(): [TransactionFilter, (change: Partial<TransactionFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const positive = (name: string, fallback: number) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const filter: TransactionFilter = {
    page: positive('page', 1),
    pageSize: positive('pageSize', 10),
  };
  for (const field of FILTER_FIELDS) {
    const value = params.get(field);
    if (value) filter[field] = value;
  }
  const change = (next: Partial<TransactionFilter>) => {
    const merged = { ...filter, ...next };
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(merged)) {
      if (value !== undefined && value !== '') search.set(key, String(value));
    }
    setParams(search, { replace: true });
  };
  return [filter, change];
}

/** Spec §2 /admin/transactionHistory: the user's transactions by date, type and status. */
export function TransactionReportPage() {
  return (
    <RequireMenuItem item="transactionReport">
      <TransactionReport />
    </RequireMenuItem>
  );
}

function TransactionReport() {
  const [filter, setFilter] = useReportFilter();
  const transactions = useTransactions(filter);
  const [open, setOpen] = useState<TransactionRecord>();

  return (
    <ReportPage
      title="Transaction Report"
      intro="Every movement of your money, newest first. Open a row for its receipt."
      report={transactions}
      filtersLabel="Filter transactions"
      filters={
        <>
          <DateRangeFields idPrefix="report" filter={filter} onChange={setFilter} />
          <Form.Item label="Type" htmlFor="report-type">
            <Select
              id="report-type"
              allowClear
              placeholder="All types"
              value={filter.type}
              options={Object.entries(TRANSACTION_TYPES)
                .filter(([value]) => !value.includes('.'))
                .map(([value, label]) => ({ value, label }))}
              onChange={(type?: string) => setFilter({ type, page: 1 })}
            />
          </Form.Item>
          <Form.Item label="Status" htmlFor="report-status">
            <Select
              id="report-status"
              allowClear
              placeholder="All statuses"
              value={filter.status}
              options={Object.entries(TRANSACTION_STATUSES).map(([value, label]) => ({
                value,
                label,
              }))}
              onChange={(status?: string) => setFilter({ status, page: 1 })}
            />
          </Form.Item>
        </>
      }
      overlays={<ReceiptModal id={open?._id} known={open} onClose={() => setOpen(undefined)} />}
    >
      {transactions.isError && (
        <Alert
          className="admin-report__error"
          type="error"
          showIcon
          title={transactions.error.message}
        />
      )}
      <TransactionTable
        records={transactions.data?.data ?? []}
        loading={transactions.isPending || transactions.isPlaceholderData}
        onOpen={setOpen}
        pagination={{
          ...reportPagination(filter, setFilter),
          total: transactions.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => `${total} transaction${total === 1 ? '' : 's'}`,
        }}
      />
    </ReportPage>
  );
}
