import { useState } from 'react';
import { Alert, App, Button, Input, Segmented, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AEPS_REASON_MAX,
  checkAepsDecisionReason,
  checkPin,
  type ActivationStatus,
  type AepsRequestRecord,
} from '@khata/domain';
import { AdminPage } from '../common/AdminPage';
import { PinConfirmModal } from '../common/PinConfirmModal';
import { formatDateTime } from '../common/dates';
import { ReportTable, type ReportColumn } from '../common/ReportTable';
import { RequireMenuItem } from '../common/RequireMenuItem';
import { useAepsRequests, useDecideAepsAccount } from './api';
import './aeps-approvals.css';

const FILTERS = {
  pending: 'filter.pending',
  approved: 'filter.approved',
  rejected: 'filter.rejected',
} as const satisfies Record<ActivationStatus, string>;
const FILTER_ORDER: ActivationStatus[] = ['pending', 'approved', 'rejected'];

interface Pending {
  account: AepsRequestRecord;
  action: 'approve' | 'reject';
}

/**
 * Issue 12: the admins' queue of AEPS settlement accounts over the existing calls
 * (getAepsBeneficiaries, approveAepsBeneficiary); the retailer sees the decision live.
 */
export function AepsApprovalsPage() {
  return (
    <RequireMenuItem item="aepsApprovals">
      <AepsApprovals />
    </RequireMenuItem>
  );
}

function AepsApprovals() {
  const { t } = useTranslation('aeps-approvals');
  const [status, setStatus] = useState<ActivationStatus>('pending');
  const [pending, setPending] = useState<Pending>();
  const accounts = useAepsRequests(status);

  const columns: ReportColumn<AepsRequestRecord>[] = [
    {
      key: 'owner',
      title: t('columns.retailer'),
      hideOnCard: true,
      render: (row) => (
        <>
          {row.owner.name}
          <span className="report-table__sub">{row.owner.mobile}</span>
        </>
      ),
    },
    {
      key: 'account',
      title: t('columns.account'),
      render: (row) => (
        <>
          {row.name} · {row.maskedAccountNumber}
          <span className="report-table__sub">
            {row.bankName} · {row.ifscCode}
          </span>
        </>
      ),
    },
    {
      key: 'verified',
      title: t('columns.pennyDrop'),
      render: (row) =>
        row.payeeName ? t('columns.verified', { name: row.payeeName }) : t('columns.notVerified'),
    },
    {
      key: 'holder',
      title: t('columns.holder'),
      render: (row) => <HolderName row={row} />,
    },
    { key: 'added', title: t('columns.added'), render: (row) => formatDateTime(row.createdAt) },
    {
      key: 'decision',
      title: status === 'pending' ? '' : t('columns.remark'),
      cardLabel: status === 'pending' ? null : t('columns.remark'),
      render: (row) =>
        status === 'pending' ? (
          <Space wrap>
            <Button
              size="small"
              type="primary"
              onClick={() => setPending({ account: row, action: 'approve' })}
              aria-label={t('decision.approveLabel', { name: row.name, owner: row.owner.name })}
            >
              {t('decision.approve')}
            </Button>
            <Button
              size="small"
              danger
              onClick={() => setPending({ account: row, action: 'reject' })}
              aria-label={t('decision.rejectLabel', { name: row.name, owner: row.owner.name })}
            >
              {t('decision.reject')}
            </Button>
          </Space>
        ) : row.type === 'aeps' ? (
          (row.activationRemark ?? '—')
        ) : (
          '—'
        ),
    },
  ];

  return (
    <AdminPage title={t('page.title')} intro={t('page.intro')}>
      <Segmented<ActivationStatus>
        className="aeps-approvals__filter"
        options={FILTER_ORDER.map((value) => ({ value, label: t(FILTERS[value]) }))}
        value={status}
        onChange={setStatus}
      />
      {accounts.isError && <Alert type="error" showIcon title={accounts.error.message} />}
      <ReportTable<AepsRequestRecord>
        label={t('table.label')}
        rows={accounts.data ?? []}
        rowKey={(row) => row._id}
        columns={columns}
        loading={accounts.isFetching}
        emptyText={status === 'pending' ? t('table.emptyWaiting') : t('table.empty')}
        cardTitle={(row) => (
          <>
            {row.owner.name}
            <span className="report-table__sub">{row.owner.mobile}</span>
          </>
        )}
      />
      <DecideModal pending={pending} onClose={() => setPending(undefined)} />
    </AdminPage>
  );
}

/** Issue 23: the holder's name beside the retailer's, flagged when they are not the same. */
function HolderName({ row }: { row: AepsRequestRecord }) {
  const { t } = useTranslation('aeps-approvals');
  if (!row.holder.differs) return <>{row.holder.name}</>;
  return (
    <span data-testid="aeps-holder-differs">
      <Tag color="red">{t('holder.differs')}</Tag>
      <span className="report-table__sub">
        {t('holder.names', { holder: row.holder.name, owner: row.owner.name })}
      </span>
    </span>
  );
}

/** Approve or reject with the PIN; a rejection needs its reason, which the retailer reads. */
function DecideModal({ pending, onClose }: { pending: Pending | undefined; onClose: () => void }) {
  const { message } = App.useApp();
  const { t } = useTranslation('aeps-approvals');
  const decide = useDecideAepsAccount();
  const [remark, setRemark] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const close = () => {
    setRemark('');
    setRefusal(undefined);
    decide.reset();
    onClose();
  };
  const approve = pending?.action === 'approve';
  return (
    <PinConfirmModal
      open={pending !== undefined}
      title={approve ? t('modal.approveTitle') : t('modal.rejectTitle')}
      okText={approve ? t('decision.approve') : t('decision.reject')}
      danger={!approve}
      check={checkPin}
      classNames={{ pin: 'aeps-approvals__remark' }}
      loading={decide.isPending}
      error={refusal ?? (decide.isError ? decide.error.message : undefined)}
      onCancel={close}
      onConfirm={(pin) => {
        if (!pending) return;
        const reason = checkAepsDecisionReason(pending.action, remark);
        if (!reason.ok) {
          setRefusal(reason.message);
          return;
        }
        decide.mutate(
          {
            id: pending.account._id,
            action: pending.action,
            ...(reason.value && { remark: reason.value }),
            pin,
          },
          {
            onSuccess: (answer) => {
              message.success(answer.message);
              close();
            },
          },
        );
      }}
    >
      {pending && (
        <div className="aeps-approvals__decide">
          <p>
            {t('modal.summary', {
              name: pending.account.name,
              account: pending.account.maskedAccountNumber,
              bank: pending.account.bankName,
              ifsc: pending.account.ifscCode,
              owner: pending.account.owner.name,
            })}
          </p>
          {pending.account.holder.differs && (
            <Alert
              type="warning"
              showIcon
              title={t('modal.differs', {
                holder: pending.account.holder.name,
                owner: pending.account.owner.name,
              })}
            />
          )}
          <label className="aeps-approvals__remark">
            <span>{approve ? t('modal.remark') : t('modal.reason')}</span>
            <Input.TextArea
              value={remark}
              maxLength={AEPS_REASON_MAX}
              autoSize={{ minRows: 2, maxRows: 4 }}
              onChange={(event) => {
                setRemark(event.target.value);
                setRefusal(undefined);
              }}
            />
          </label>
        </div>
      )}
    </PinConfirmModal>
  );
}
