import { useState } from 'react';
import { Alert, App, Button, Descriptions, Input, Modal, Skeleton } from 'antd';
import {
  checkKycReason,
  checkPin,
  KYC_REASON_MAX,
  type KycSubmissionRecord,
  type KycSubmissionState,
} from '@khata/domain';
import { AdminPage } from '../common/AdminPage';
import { formatDateTime } from '../common/dates';
import { PinConfirmModal } from '../common/PinConfirmModal';
import { DecisionQueue } from '../common/DecisionQueue';
import type { ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useDecideKyc, useKycQueue } from './api';
import { KycStateTag } from './KycStateTag';
import { useKycPhotoUrl } from './useKycPhotoUrl';
import './kyc.css';

const PAGE_SIZE = 20;
type Filter = KycSubmissionState | 'all';
const FILTERS: { label: string; value: Filter }[] = [
  { label: 'Waiting', value: 'submitted' },
  { label: 'Approved', value: 'approved' },
  { label: 'Rejected', value: 'rejected' },
  { label: 'All', value: 'all' },
];

/** Issue 12: the admins' KYC queue, waiting ones first; each opens with its photo to decide. */
export function KycApprovalsPage() {
  return (
    <RequireMenuItem item="kycApprovals">
      <KycApprovals />
    </RequireMenuItem>
  );
}

function KycApprovals() {
  const [filter, setFilter] = useState<Filter>('submitted');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<KycSubmissionRecord>();
  const queue = useKycQueue({
    ...(filter !== 'all' && { state: filter }),
    page,
    pageSize: PAGE_SIZE,
  });

  const columns: ReportColumn<KycSubmissionRecord>[] = [
    {
      key: 'user',
      title: 'User',
      cardLabel: null,
      hideOnCard: true,
      render: (row) => (
        <>
          {row.user.name}
          <span className="report-table__sub">
            {row.user.mobile}
            {row.user.shopName ? ` · ${row.user.shopName}` : ''}
          </span>
        </>
      ),
    },
    { key: 'pan', title: 'PAN', render: (row) => row.pan },
    { key: 'sent', title: 'Sent', render: (row) => formatDateTime(row.submittedAt) },
    {
      key: 'state',
      title: 'State',
      render: (row) => (
        <>
          <KycStateTag state={row.state} />
          {row.reason && row.state === 'rejected' && (
            <span className="report-table__sub">{row.reason}</span>
          )}
        </>
      ),
    },
    {
      key: 'review',
      title: '',
      cardLabel: null,
      render: (row) => (
        <Button size="small" onClick={() => setOpen(row)} aria-label={`Review ${row.user.name}`}>
          {row.state === 'submitted' ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];

  return (
    <AdminPage
      title="KYC Approvals"
      intro="Check each shop's PAN, Aadhaar last 4 and photo. Payouts and AEPS switch on for the user as soon as you approve."
    >
      <DecisionQueue<KycSubmissionRecord, Filter>
        className="kyc__filter"
        filters={FILTERS}
        filter={filter}
        onFilter={setFilter}
        query={queue}
        page={page}
        onPage={setPage}
        pageSize={PAGE_SIZE}
        label="KYC submissions"
        columns={columns}
        rowKey={(row) => row._id}
        emptyText={filter === 'submitted' ? 'No KYC is waiting.' : 'No KYC found.'}
        person={(row) => row.user}
      />
      <KycReviewModal submission={open} onClose={() => setOpen(undefined)} />
    </AdminPage>
  );
}

function KycReviewModal({
  submission,
  onClose,
}: {
  submission: KycSubmissionRecord | undefined;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const photo = useKycPhotoUrl(submission?._id);
  const decide = useDecideKyc();
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const [action, setAction] = useState<'approve' | 'reject'>();
  const waiting = submission?.state === 'submitted';

  const ask = (chosen: 'approve' | 'reject') => {
    const checked = checkKycReason(chosen, reason);
    if (!checked.ok) {
      setRefusal(checked.message);
      return;
    }
    decide.reset();
    setAction(chosen);
  };
  const close = () => {
    setReason('');
    setRefusal(undefined);
    setAction(undefined);
    decide.reset();
    onClose();
  };

  return (
    <>
      <Modal
        open={submission !== undefined}
        title={submission ? `KYC of ${submission.user.name}` : 'KYC'}
        onCancel={close}
        footer={
          waiting
            ? [
                <Button key="reject" danger onClick={() => ask('reject')}>
                  Reject
                </Button>,
                <Button key="approve" type="primary" onClick={() => ask('approve')}>
                  Approve
                </Button>,
              ]
            : [
                <Button key="close" onClick={close}>
                  Close
                </Button>,
              ]
        }
        destroyOnHidden
      >
        {submission && (
          <div className="kyc-review">
            <div className="kyc-review__photo">
              {photo.url ? (
                <img src={photo.url} alt={`Shop photo of ${submission.user.name}`} />
              ) : photo.error ? (
                <Alert type="warning" showIcon title={photo.error} />
              ) : (
                <Skeleton.Image active />
              )}
            </div>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="Mobile">{submission.user.mobile}</Descriptions.Item>
              {submission.user.shopName && (
                <Descriptions.Item label="Shop">{submission.user.shopName}</Descriptions.Item>
              )}
              <Descriptions.Item label="PAN">{submission.pan}</Descriptions.Item>
              <Descriptions.Item label="Aadhaar">
                XXXX XXXX {submission.aadhaarLast4}
              </Descriptions.Item>
              <Descriptions.Item label="Sent">
                {formatDateTime(submission.submittedAt)}
              </Descriptions.Item>
              <Descriptions.Item label="State">
                <KycStateTag state={submission.state} />
              </Descriptions.Item>
              {submission.decidedBy && (
                <Descriptions.Item label="Decided by">
                  {submission.decidedBy.name}, {formatDateTime(submission.decidedAt)}
                </Descriptions.Item>
              )}
              {submission.reason && (
                <Descriptions.Item label="Reason">{submission.reason}</Descriptions.Item>
              )}
            </Descriptions>
            {waiting && (
              <label className="kyc-review__reason">
                <span>Reason (needed to reject)</span>
                <Input.TextArea
                  value={reason}
                  maxLength={KYC_REASON_MAX}
                  autoSize={{ minRows: 2, maxRows: 4 }}
                  onChange={(event) => {
                    setReason(event.target.value);
                    setRefusal(undefined);
                  }}
                />
              </label>
            )}
            {refusal && <Alert type="error" showIcon title={refusal} />}
          </div>
        )}
      </Modal>
      <PinConfirmModal
        open={action !== undefined}
        title={action === 'approve' ? 'Approve this KYC?' : 'Reject this KYC?'}
        okText={action === 'approve' ? 'Approve' : 'Reject'}
        danger={action === 'reject'}
        check={checkPin}
        loading={decide.isPending}
        error={decide.isError ? decide.error.message : undefined}
        onCancel={() => setAction(undefined)}
        onConfirm={(pin) => {
          if (!submission || !action) return;
          decide.mutate(
            { id: submission._id, action, reason: reason.trim() || undefined, pin },
            {
              onSuccess: (answer) => {
                message.success(answer.message);
                close();
              },
            },
          );
        }}
      >
        <p>
          {action === 'approve'
            ? `${submission?.user.name} can pay out and use AEPS once approved.`
            : `${submission?.user.name} will be asked to send their KYC again.`}
        </p>
      </PinConfirmModal>
    </>
  );
}
