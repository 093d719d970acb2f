import { useState } from 'react';
import { Alert, App, Button, Input, Modal, Segmented, Space } from 'antd';
import type { ActivationStatus, AepsRequestRecord } from '@khata/domain';
import { AdminPage } from '../common/AdminPage';
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

function DecideModal({ pending, onClose }: { pending: Pending | undefined; onClose: () => void }) {
  const { message } = App.useApp();
  const decide = useDecideAepsAccount();
  const [remark, setRemark] = useState('');
  const close = () => {
    setRemark('');
    decide.reset();
    onClose();
  };
  const approve = pending?.action === 'approve';
  return (
    <Modal
      open={pending !== undefined}
      title={approve ? 'Approve this AEPS account?' : 'Reject this AEPS account?'}
      okText={approve ? 'Approve' : 'Reject'}
      okButtonProps={{ danger: !approve }}
      confirmLoading={decide.isPending}
      onCancel={close}
      onOk={() =>
        pending &&
        decide.mutate(
          {
            id: pending.account._id,
            action: pending.action,
            ...(remark.trim() && { remark: remark.trim() }),
          },
          {
            onSuccess: (answer) => {
              message.success(answer.message);
              close();
            },
          },
        )
      }
      destroyOnHidden
    >
      {pending && (
        <div className="aeps-approvals__decide">
          <p>
            {pending.account.name} · {pending.account.maskedAccountNumber} (
            {pending.account.bankName}, {pending.account.ifscCode}) for {pending.account.owner.name}
          </p>
          <label className="aeps-approvals__remark">
            <span>Remark (optional)</span>
            <Input.TextArea
              value={remark}
              maxLength={200}
              autoSize={{ minRows: 2, maxRows: 4 }}
              onChange={(event) => setRemark(event.target.value)}
            />
          </label>
          {decide.isError && <Alert type="error" showIcon title={decide.error.message} />}
        </div>
      )}
    </Modal>
  );
}
