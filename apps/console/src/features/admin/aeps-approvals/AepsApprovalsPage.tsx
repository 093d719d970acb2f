import { useState } from 'react';
import { Alert, App, Button, Input, Segmented, Space, Tag } from 'antd';
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

const FILTERS: { label: string; value: ActivationStatus }[] = [
  { label: 'Waiting', value: 'pending' },
  { label: 'Approved', value: 'approved' },
  { label: 'Rejected', value: 'rejected' },
];

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
  const [status, setStatus] = useState<ActivationStatus>('pending');
  const [pending, setPending] = useState<Pending>();
  const accounts = useAepsRequests(status);

  const columns: ReportColumn<AepsRequestRecord>[] = [
    {
      key: 'owner',
      title: 'Retailer',
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
      title: 'Account',
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
      title: 'Penny drop',
      render: (row) => (row.payeeName ? `Verified: ${row.payeeName}` : 'Not verified'),
    },
    {
      key: 'holder',
      title: 'Holder',
      render: (row) => <HolderName row={row} />,
    },
    { key: 'added', title: 'Added', render: (row) => formatDateTime(row.createdAt) },
    {
      key: 'decision',
      title: status === 'pending' ? '' : 'Remark',
      cardLabel: status === 'pending' ? null : 'Remark',
      render: (row) =>
        status === 'pending' ? (
          <Space wrap>
            <Button
              size="small"
              type="primary"
              onClick={() => setPending({ account: row, action: 'approve' })}
              aria-label={`Approve ${row.name} of ${row.owner.name}`}
            >
              Approve
            </Button>
            <Button
              size="small"
              danger
              onClick={() => setPending({ account: row, action: 'reject' })}
              aria-label={`Reject ${row.name} of ${row.owner.name}`}
            >
              Reject
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
    <AdminPage
      title="AEPS Approvals"
      intro="Bank accounts retailers want their AEPS earnings settled to. An account is paid only once approved."
    >
      <Segmented<ActivationStatus>
        className="aeps-approvals__filter"
        options={FILTERS}
        value={status}
        onChange={setStatus}
      />
      {accounts.isError && <Alert type="error" showIcon title={accounts.error.message} />}
      <ReportTable<AepsRequestRecord>
        label="AEPS accounts"
        rows={accounts.data ?? []}
        rowKey={(row) => row._id}
        columns={columns}
        loading={accounts.isFetching}
        emptyText={status === 'pending' ? 'No AEPS account is waiting.' : 'No AEPS accounts.'}
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
  if (!row.holder.differs) return <>{row.holder.name}</>;
  return (
    <span data-testid="aeps-holder-differs">
      <Tag color="red">Name differs</Tag>
      <span className="report-table__sub">
        Holder {row.holder.name}; retailer {row.owner.name}
      </span>
    </span>
  );
}

/** Approve or reject with the PIN; a rejection needs its reason, which the retailer reads. */
function DecideModal({ pending, onClose }: { pending: Pending | undefined; onClose: () => void }) {
  const { message } = App.useApp();
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
      title={approve ? 'Approve this AEPS account?' : 'Reject this AEPS account?'}
      okText={approve ? 'Approve' : 'Reject'}
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
            {pending.account.name} · {pending.account.maskedAccountNumber} (
            {pending.account.bankName}, {pending.account.ifscCode}) for {pending.account.owner.name}
          </p>
          {pending.account.holder.differs && (
            <Alert
              type="warning"
              showIcon
              title={`The holder's name (${pending.account.holder.name}) is not the retailer's (${pending.account.owner.name}).`}
            />
          )}
          <label className="aeps-approvals__remark">
            <span>
              {approve ? 'Remark (optional)' : 'Reason (required; the retailer reads it)'}
            </span>
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
