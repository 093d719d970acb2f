import { useState } from 'react';
import { Alert, App, Button, Descriptions, Input, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
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
import { maskedAadhaar, useDecideKyc, useKycQueue } from './api';
import { KycStateTag } from './KycStateTag';
import { useKycPhotoUrl } from './useKycPhotoUrl';
import './kyc.css';

const PAGE_SIZE = 20;
type Filter = KycSubmissionState | 'all';
const FILTER_KEYS = {
  submitted: 'approvals.filters.submitted',
  approved: 'approvals.filters.approved',
  rejected: 'approvals.filters.rejected',
  all: 'approvals.filters.all',
} as const satisfies Record<Filter, string>;
const FILTERS: readonly Filter[] = ['submitted', 'approved', 'rejected', 'all'];

/** Issue 12: the admins' KYC queue, waiting ones first; each opens with its photo to decide. */
export function KycApprovalsPage() {
  return (
    <RequireMenuItem item="kycApprovals">
      <KycApprovals />
    </RequireMenuItem>
  );
}

function KycApprovals() {
  const { t } = useTranslation('kyc');
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
      title: t('approvals.columns.user'),
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
    { key: 'pan', title: t('approvals.columns.pan'), render: (row) => row.pan },
    {
      key: 'sent',
      title: t('approvals.columns.sent'),
      render: (row) => formatDateTime(row.submittedAt),
    },
    {
      key: 'state',
      title: t('approvals.columns.state'),
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
        <Button
          size="small"
          onClick={() => setOpen(row)}
          aria-label={t('approvals.reviewLabel', { name: row.user.name })}
        >
          {row.state === 'submitted' ? t('approvals.review') : t('approvals.view')}
        </Button>
      ),
    },
  ];

  return (
    <AdminPage title={t('approvals.title')} intro={t('approvals.intro')}>
      <DecisionQueue<KycSubmissionRecord, Filter>
        className="kyc__filter"
        filters={FILTERS.map((value) => ({ value, label: t(FILTER_KEYS[value]) }))}
        filter={filter}
        onFilter={setFilter}
        query={queue}
        page={page}
        onPage={setPage}
        pageSize={PAGE_SIZE}
        label={t('approvals.tableLabel')}
        columns={columns}
        rowKey={(row) => row._id}
        emptyText={
          filter === 'submitted' ? t('approvals.empty.waiting') : t('approvals.empty.other')
        }
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
  const { t } = useTranslation('kyc');
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
        title={submission ? t('review.titleOf', { name: submission.user.name }) : t('review.title')}
        onCancel={close}
        footer={
          waiting
            ? [
                <Button key="reject" danger onClick={() => ask('reject')}>
                  {t('review.reject')}
                </Button>,
                <Button key="approve" type="primary" onClick={() => ask('approve')}>
                  {t('review.approve')}
                </Button>,
              ]
            : [
                <Button key="close" onClick={close}>
                  {t('review.close')}
                </Button>,
              ]
        }
        destroyOnHidden
      >
        {submission && (
          <div className="kyc-review">
            <div className="kyc-review__photo">
              {photo.url ? (
                <img src={photo.url} alt={t('review.photoAlt', { name: submission.user.name })} />
              ) : photo.error ? (
                <Alert type="warning" showIcon title={photo.error} />
              ) : (
                <Skeleton.Image active />
              )}
            </div>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('review.mobile')}>
                {submission.user.mobile}
              </Descriptions.Item>
              {submission.user.shopName && (
                <Descriptions.Item label={t('review.shop')}>
                  {submission.user.shopName}
                </Descriptions.Item>
              )}
              <Descriptions.Item label={t('page.pan')}>{submission.pan}</Descriptions.Item>
              <Descriptions.Item label={t('page.aadhaar')}>
                {maskedAadhaar(submission.aadhaarLast4)}
              </Descriptions.Item>
              <Descriptions.Item label={t('page.sent')}>
                {formatDateTime(submission.submittedAt)}
              </Descriptions.Item>
              <Descriptions.Item label={t('approvals.columns.state')}>
                <KycStateTag state={submission.state} />
              </Descriptions.Item>
              {submission.decidedBy && (
                <Descriptions.Item label={t('review.decidedBy')}>
                  {t('review.decidedByValue', {
                    name: submission.decidedBy.name,
                    at: formatDateTime(submission.decidedAt),
                  })}
                </Descriptions.Item>
              )}
              {submission.reason && (
                <Descriptions.Item label={t('review.reason')}>
                  {submission.reason}
                </Descriptions.Item>
              )}
            </Descriptions>
            {waiting && (
              <label className="kyc-review__reason">
                <span>{t('review.reasonField')}</span>
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
        title={action === 'approve' ? t('decide.approveTitle') : t('decide.rejectTitle')}
        okText={action === 'approve' ? t('review.approve') : t('review.reject')}
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
            ? t('decide.approveBody', { name: submission?.user.name })
            : t('decide.rejectBody', { name: submission?.user.name })}
        </p>
      </PinConfirmModal>
    </>
  );
}
