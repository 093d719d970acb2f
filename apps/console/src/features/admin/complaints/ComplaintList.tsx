import { Alert, Button, Segmented } from 'antd';
import {
  COMPLAINT_STATUS_FILTERS,
  COMPLAINT_STATUS_LABELS,
  type BbpsComplaintFacts,
  type ComplaintStatusFilter,
  type ComplaintSummary,
} from '@khata/domain';
import { formatDateTime } from '../common/dates';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import type { ComplaintSide } from './api';
import { BbpsStatusTag, BbpsTag, CheckBbpsStatusButton, formatDueOn } from './bbps';
import { ComplaintStatusTag } from './labels';

export const COMPLAINTS_PAGE_SIZE = 20;

export interface ComplaintListProps {
  side: ComplaintSide;
  status: ComplaintStatusFilter;
  onStatus: (status: ComplaintStatusFilter) => void;
  page: number;
  onPage: (page: number) => void;
  rows: ComplaintSummary[];
  total: number;
  loading: boolean;
  error: Error | null;
  onOpen: (row: ComplaintSummary) => void;
}

/** The complaints of one side, filtered by status: a table, or cards on a phone. */
export function ComplaintList(props: ComplaintListProps) {
  const { side, rows, onOpen } = props;
  const columns: ReportColumn<ComplaintSummary>[] = [
    {
      key: 'subject',
      title: 'Complaint',
      cardLabel: null,
      hideOnCard: true,
      render: (row) => <ComplaintTitle row={row} />,
    },
    ...(side === 'staff'
      ? [
          {
            key: 'who',
            title: 'Raised by',
            render: (row: ComplaintSummary) => (
              <>
                {row.raisedBy.name}
                <span className="report-table__sub">{row.raisedBy.mobile}</span>
              </>
            ),
          },
          {
            key: 'assigned',
            title: 'Assigned to',
            render: (row: ComplaintSummary) => row.assignedTo?.name ?? '—',
          },
        ]
      : []),
    {
      key: 'status',
      title: 'Status',
      render: (row) => (
        <>
          <ComplaintStatusTag status={row.status} />
          {side === 'user' && row.lastFrom === 'staff' && row.status !== 'resolved' && (
            <span className="report-table__sub">Support replied</span>
          )}
          {side === 'staff' && row.lastFrom === 'user' && row.status !== 'resolved' && (
            <span className="report-table__sub">Waiting for us</span>
          )}
        </>
      ),
    },
    {
      key: 'bbps',
      title: 'BBPS',
      render: (row) => (row.bbps ? <BbpsFacts row={{ ...row, bbps: row.bbps }} /> : '—'),
    },
    { key: 'updated', title: 'Last update', render: (row) => formatDateTime(row.updatedAt) },
    {
      key: 'open',
      title: '',
      cardLabel: null,
      render: (row) => (
        <Button size="small" onClick={() => onOpen(row)} aria-label={`Open ${row.number}`}>
          Open
        </Button>
      ),
    },
  ];

  return (
    <>
      <Segmented<ComplaintStatusFilter>
        className="complaints__filter"
        aria-label="Status"
        options={COMPLAINT_STATUS_FILTERS.map((value) => ({
          value,
          label: value === 'all' ? 'All' : COMPLAINT_STATUS_LABELS[value],
        }))}
        value={props.status}
        onChange={(value) => {
          props.onStatus(value);
          props.onPage(1);
        }}
      />
      {props.error && <Alert type="error" showIcon title={props.error.message} />}
      <ReportTable<ComplaintSummary>
        label="Complaints"
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        loading={props.loading}
        emptyText={side === 'user' ? 'You have raised no complaints.' : 'No complaints here.'}
        cardTitle={(row) => <ComplaintTitle row={row} />}
        pagination={{
          current: props.page,
          pageSize: COMPLAINTS_PAGE_SIZE,
          total: props.total,
          onChange: props.onPage,
          showSizeChanger: false,
        }}
      />
    </>
  );
}

/** The subject and number, with the BBPS tag when Bharat BillPay registered it. */
function ComplaintTitle({ row }: { row: ComplaintSummary }) {
  return (
    <>
      {row.bbps && <BbpsTag />}
      {row.subject}
      <span className="report-table__sub">{row.number}</span>
    </>
  );
}

/** Bharat BillPay's side: its status, complaint id, the deadline, and a check now. */
function BbpsFacts({ row }: { row: ComplaintSummary & { bbps: BbpsComplaintFacts } }) {
  return (
    <div data-testid="bbps-facts">
      <BbpsStatusTag status={row.bbps.status} />
      <span className="report-table__sub">{row.bbps.complaintId}</span>
      <span className="report-table__sub">Due by {formatDueOn(row.bbps.dueOn)}</span>
      <CheckBbpsStatusButton id={row.id} facts={row.bbps} />
    </div>
  );
}
