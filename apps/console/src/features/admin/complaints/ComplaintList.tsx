import { Alert, Button, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COMPLAINT_STATUS_FILTERS,
  type BbpsComplaintFacts,
  type ComplaintStatusFilter,
  type ComplaintSummary,
} from '@khata/domain';
import { formatDateTime } from '../common/dates';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import type { ComplaintSide } from './api';
import { BbpsStatusTag, BbpsTag, CheckBbpsStatusButton, formatDueOn } from './bbps';
import { ComplaintStatusTag, STATUS_KEYS } from './labels';

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
  const { t } = useTranslation('complaints');
  const columns: ReportColumn<ComplaintSummary>[] = [
    {
      key: 'subject',
      title: t('list.complaint'),
      cardLabel: null,
      hideOnCard: true,
      render: (row) => <ComplaintTitle row={row} />,
    },
    ...(side === 'staff'
      ? [
          {
            key: 'who',
            title: t('list.raisedBy'),
            render: (row: ComplaintSummary) => (
              <>
                {row.raisedBy.name}
                <span className="report-table__sub">{row.raisedBy.mobile}</span>
              </>
            ),
          },
          {
            key: 'assigned',
            title: t('list.assignedTo'),
            render: (row: ComplaintSummary) => row.assignedTo?.name ?? '—',
          },
        ]
      : []),
    {
      key: 'status',
      title: t('list.status'),
      render: (row) => (
        <>
          <ComplaintStatusTag status={row.status} />
          {side === 'user' && row.lastFrom === 'staff' && row.status !== 'resolved' && (
            <span className="report-table__sub">{t('list.supportReplied')}</span>
          )}
          {side === 'staff' && row.lastFrom === 'user' && row.status !== 'resolved' && (
            <span className="report-table__sub">{t('list.waitingForUs')}</span>
          )}
        </>
      ),
    },
    {
      key: 'bbps',
      title: 'BBPS',
      render: (row) => (row.bbps ? <BbpsFacts row={{ ...row, bbps: row.bbps }} /> : '—'),
    },
    {
      key: 'updated',
      title: t('list.lastUpdate'),
      render: (row) => formatDateTime(row.updatedAt),
    },
    {
      key: 'open',
      title: '',
      cardLabel: null,
      render: (row) => (
        <Button
          size="small"
          onClick={() => onOpen(row)}
          aria-label={t('list.openNumber', { number: row.number })}
        >
          {t('list.open')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Segmented<ComplaintStatusFilter>
        className="complaints__filter"
        aria-label={t('list.status')}
        options={COMPLAINT_STATUS_FILTERS.map((value) => ({
          value,
          label: t(STATUS_KEYS[value]),
        }))}
        value={props.status}
        onChange={(value) => {
          props.onStatus(value);
          props.onPage(1);
        }}
      />
      {props.error && <Alert type="error" showIcon title={props.error.message} />}
      <ReportTable<ComplaintSummary>
        label={t('list.label')}
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        loading={props.loading}
        emptyText={side === 'user' ? t('list.emptyUser') : t('list.emptyStaff')}
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
  const { t } = useTranslation('complaints');
  return (
    <div data-testid="bbps-facts">
      <BbpsStatusTag status={row.bbps.status} />
      <span className="report-table__sub">{row.bbps.complaintId}</span>
      <span className="report-table__sub">
        {t('list.dueBy', { date: formatDueOn(row.bbps.dueOn) })}
      </span>
      <CheckBbpsStatusButton id={row.id} facts={row.bbps} />
    </div>
  );
}
